// Small SVG bar charts for the statistics page, built node by node (createElementNS: no markup strings, and
// nothing the CSP forbids). Each chart is one image for screen readers (role="img" with a title and a short
// summary) followed by a visually hidden list that gives every bar's figure as text.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640; // viewBox units; the chart scales to its box
const LABEL = 190; // room for the labels on the left
const ROW = 26;
const GAP = 6;

function svgNode(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draw horizontal bars into `holder` (an element that is emptied first).
 * @param {HTMLElement} holder
 * @param {{label: string, value: number, shown: string, text: string}[]} rows  `label` left of the bar,
 *   `shown` at its end, `text` the full sentence for the hidden list
 * @param {string} title the chart's name; @param {string} summary what it shows, in one sentence
 */
export function barChart(holder, rows, title, summary) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const height = rows.length * (ROW + GAP);
  const svg = svgNode("svg", { viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": `${title}. ${summary}`,
    class: "bars", focusable: "false" });
  svg.append(svgNode("title", {}, title), svgNode("desc", {}, summary));
  const room = WIDTH - LABEL - 70; // and room for the figure after the longest bar
  rows.forEach((row, index) => {
    const y = index * (ROW + GAP);
    const width = Math.max(1, (room * row.value) / max);
    const middle = y + ROW / 2;
    svg.append(
      svgNode("text", { x: LABEL - 8, y: middle, "text-anchor": "end", "dominant-baseline": "central" }, row.label),
      svgNode("rect", { x: LABEL, y, width, height: ROW, rx: 3, class: "bar" }),
      svgNode("text", { x: LABEL + width + 6, y: middle, "dominant-baseline": "central" }, row.shown),
    );
  });
  const list = document.createElement("ul");
  list.className = "visually-hidden";
  list.append(...rows.map((row) => {
    const item = document.createElement("li");
    item.textContent = row.text;
    return item;
  }));
  holder.replaceChildren(svg, list);
}

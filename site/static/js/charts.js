// Small SVG bar charts for the statistics page, built node by node (createElementNS: no markup strings, and
// nothing the CSP forbids). Each chart is one image for screen readers (role="img" with a title and a short
// summary) followed by a visually hidden list that gives every bar's figure as text.
//
// A chart is drawn at the width of its box, one viewBox unit to a CSS pixel, so that its labels are as big on a
// phone as the page's own small text; it is drawn again when its box changes width, in the next frame: drawn in
// the ResizeObserver's callback, its new height would change the size observed during the same delivery, which
// browsers report as an error ("ResizeObserver loop completed with undelivered notifications": WebKit did, once
// per run, when a chart's box changed width after its first drawing). A narrow chart puts each label above its
// bar.

const SVG = "http://www.w3.org/2000/svg";
const WIDEST = 704; // px: the chart's widest (44rem)
const NARROW = 480; // px: below it, the labels go above their bars
const ROW = 26;
const GAP = 8;
const LINE = 20; // px: a label's line above its bar, in a narrow chart

const drawn = new WeakMap(); // holder → what it shows, to draw it again at another width
const resizes = typeof ResizeObserver === "function" ? new ResizeObserver(redraw) : null;

function svgNode(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The hatching that marks a bar which is not like the others (the histogram's tail). */
function hatching(id) {
  const pattern = svgNode("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" });
  pattern.append(svgNode("rect", { width: 8, height: 8, class: "hatch-ground" }),
    svgNode("rect", { width: 3, height: 8, class: "hatch-line" }));
  const defs = svgNode("defs", {});
  defs.append(pattern);
  return defs;
}

/**
 * Draw horizontal bars into `holder` (an element that is emptied first).
 * @param {HTMLElement} holder
 * @param {{label: string, value: number, shown: string, text: string, apart?: boolean}[]} rows  `label` beside
 *   (or above) the bar, `shown` at its end, `text` the full sentence for the hidden list, `apart` for a bar drawn
 *   hatched (it counts otherwise than the others: say how in the chart's note)
 * @param {string} title the chart's name; @param {string} summary what it shows, in one sentence
 */
export function barChart(holder, rows, title, summary) {
  drawn.set(holder, { rows, title, summary });
  draw(holder);
  if (resizes) resizes.observe(holder);
}

function redraw(entries) {
  const targets = entries.map((entry) => entry.target);
  requestAnimationFrame(() => {
    for (const target of targets) {
      const shown = drawn.get(target);
      if (shown && Math.abs(chartWidth(target) - shown.width) >= 1) draw(target);
    }
  });
}

function chartWidth(holder) {
  return Math.min(WIDEST, Math.max(240, Math.floor(holder.clientWidth || WIDEST)));
}

function draw(holder) {
  const shown = drawn.get(holder);
  const { rows, title, summary } = shown;
  const width = chartWidth(holder);
  shown.width = width;
  const narrow = width < NARROW;
  const label = narrow ? 0 : Math.round(width * 0.32); // room for the labels on the left
  const step = ROW + GAP + (narrow ? LINE : 0);
  const height = rows.length * step;
  const max = Math.max(1, ...rows.map((row) => row.value));
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `${title}. ${summary}`, class: "bars", focusable: "false" });
  svg.append(svgNode("title", {}, title), svgNode("desc", {}, summary));
  const hatch = `${holder.id || "chart"}-hatch`;
  if (rows.some((row) => row.apart)) svg.append(hatching(hatch));
  const room = width - label - 70; // and room for the figure after the longest bar
  rows.forEach((row, index) => {
    const top = index * step;
    const y = top + (narrow ? LINE : 0);
    const length = Math.max(1, (room * row.value) / max);
    const middle = y + ROW / 2;
    const bar = svgNode("rect", { x: label, y, width: length, height: ROW, rx: 3, class: row.apart ? "bar apart" : "bar" });
    if (row.apart) bar.style.fill = `url(#${hatch})`; // CSSOM (the CSP allows it): over the stylesheet's fill
    svg.append(
      narrow
        ? svgNode("text", { x: 0, y: top + LINE / 2, "dominant-baseline": "central" }, row.label)
        : svgNode("text", { x: label - 8, y: middle, "text-anchor": "end", "dominant-baseline": "central" }, row.label),
      bar,
      svgNode("text", { x: label + length + 6, y: middle, "dominant-baseline": "central" }, row.shown),
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

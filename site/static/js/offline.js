// Registers the service worker (site/sw.js) that makes every page work offline after one visit, and offers
// an update without ever cutting a game short: a new version waits until the visitor clicks "Update now".

/**
 * @param {URL|string} url the service worker script at the site root (its folder is the scope)
 */
export function registerServiceWorker(url) {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  let updating = false;

  // The first visit's clients.claim() also fires controllerchange: reload only for an update we asked for.
  container.addEventListener("controllerchange", () => {
    if (updating) location.reload();
  });

  function offer(registration) {
    const notice = document.getElementById("update-ready");
    const button = document.getElementById("update-now");
    if (!notice || !button || !registration.waiting || !container.controller) return;
    notice.hidden = false;
    button.onclick = () => {
      updating = true;
      button.disabled = true;
      registration.waiting?.postMessage({ type: "skip-waiting" });
    };
  }

  container.register(url).then((registration) => {
    offer(registration);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed") offer(registration);
      });
    });
  }).catch(() => {
    // No service worker (e.g. a private window that forbids it): the site still works online.
  });
}

/**
 * Register the service worker once the browser is idle, after the page's own start-up. Its install then
 * revalidates the files the page has just downloaded instead of competing with it for the network and the
 * two cores, and it never downloads them a second time.
 * @param {URL|string} url as for registerServiceWorker
 */
export function registerServiceWorkerWhenIdle(url) {
  if (typeof requestIdleCallback === "function") {
    requestIdleCallback(() => registerServiceWorker(url), { timeout: 2000 });
  } else {
    setTimeout(() => registerServiceWorker(url), 200);
  }
}

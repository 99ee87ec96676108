import PDFBindCore

extension ReviewAssets {
  /// Draws each book's spreads, as a two-page view shows them, for the book's current choice:
  /// the suggestion's view (or one per binding) until the person chooses, then the view the
  /// choice gives (`leave` keeps the file's own binding or layout). It does no spread
  /// arithmetic: the row's `data-views` gives each view's pages left and right of the spine,
  /// and the script places copies of the row's page pictures (an inert template) there. A row
  /// is drawn when it comes near view, so a page of thousands of books opens at once. It runs
  /// before `script`, whose choices it hears as `choice` events on the rows.
  static let picturesScript: StaticString = #"""

    "use strict";
    (() => {
      const main = document.getElementById("books");
      const chosen = new Map();
      const drawn = new Set();

      function element(tag, className, text) {
        const node = document.createElement(tag);
        node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      function spread(sides, images) {
        const node = element("div", "spread");
        sides.forEach((page, index) => {
          if (page === null) return;
          const side = element("div", index === 0 ? "page left" : "page right");
          side.append(document.importNode(images.get(page)), element("span", "number", String(page)));
          node.append(side);
        });
        node.append(element("div", "spine"));
        return node;
      }

      function figure(box, key, label, view, images) {
        const node = element("figure", "view-picture");
        node.dataset.view = key;
        const strip = element("div", "spreads");
        strip.append(...view.spreads.map((sides) => spread(sides, images)));
        const text = view.spreads.map((sides) =>
          "[" + sides.filter((page) => page !== null).join("|") + "]").join(" ");
        const count = view.count;
        node.append(strip, element("figcaption", "",
          label + key.replace(" ", ", ") + ": " + text +
          (box.dataset.evidenceSpreads ? ", the spreads with the double-page pictures" : "") +
          ` (${count} spread${count === 1 ? "" : "s"} in all)`));
        return node;
      }

      function draw(box) {
        const views = JSON.parse(box.dataset.views);
        const template = box.querySelector("template");
        const images = new Map(Array.from(template.content.children,
          (image) => [Number(image.dataset.page), image]));
        const choice = chosen.get(box);
        let keys = box.dataset.suggestedViews.split(",");
        let label = keys.length === 1 ? "Suggested: " : "As ";
        if (choice) {
          const [binding, layout] = box.dataset.now.split(" ");
          keys = [(choice.binding === "leave" ? binding : choice.binding) + " " +
            (choice.layout === "leave" ? layout : choice.layout)];
          label = choice.binding === "leave" && choice.layout === "leave" ? "Now: " : "Chosen: ";
        }
        box.replaceChildren(template,
          ...keys.map((key) => figure(box, key, label, views[key], images)));
      }

      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const box = entry.target.querySelector("div.pictures[data-views]");
          drawn.add(box);
          draw(box);
        }
      }, { rootMargin: "100% 0px" });
      for (const box of main.querySelectorAll("div.pictures[data-views]")) {
        observer.observe(box.closest("section.book"));
      }

      main.addEventListener("choice", (event) => {
        const box = event.target.querySelector("div.pictures[data-views]");
        if (!box) return;
        chosen.set(box, event.detail);
        if (drawn.has(box)) draw(box);
      });
    })();

    """#
}

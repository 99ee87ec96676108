import PDFBindCore

extension ReviewAssets {
  /// Filters, keyboard navigation, the choices and the script built from them. It reads data
  /// only from the rows' data attributes (each path already one quoted shell word) and writes
  /// only text (`value`, `textContent`), never markup. Each choice is announced on its row as
  /// a `choice` event (`picturesScript` redraws the row's spreads).
  static let script: StaticString = #"""

    "use strict";
    (() => {
      const main = document.getElementById("books");
      const rows = Array.from(main.querySelectorAll("section.book"));
      const position = new Map(rows.map((row, index) => [row, index]));
      const box = document.getElementById("script");
      const chosen = document.getElementById("chosen");
      const copied = document.getElementById("copied");
      const OPTIONS = {
        "right-edge": "--right-edge", "left-edge": "--left-edge",
        "cover": "--cover", "no-cover": "--no-cover",
      };
      const FILTERS = ["all", "undecided", "conflict", "change"];
      const choices = new Map();
      let current = -1;

      function checked(row, part) {
        const input = row.querySelector(`fieldset[data-part="${part}"] input:checked`);
        return input ? input.value : "leave";
      }

      function record(row) {
        const index = position.get(row);
        const binding = checked(row, "binding");
        const layout = checked(row, "layout");
        if (row.dataset.word === undefined || (binding === "leave" && layout === "leave")) {
          choices.delete(index);
        } else {
          choices.set(index, { binding, layout });
        }
        row.dispatchEvent(new CustomEvent("choice", { bubbles: true, detail: { binding, layout } }));
      }

      function choose(row, part, value) {
        const input = row.querySelector(
          `fieldset[data-part="${part}"]:not([disabled]) input[value="${value}"]`);
        if (input) input.checked = true;
        return Boolean(input);
      }

      function script() {
        const groups = new Map();
        for (const index of Array.from(choices.keys()).sort((a, b) => a - b)) {
          const { binding, layout } = choices.get(index);
          const options = [OPTIONS[binding], OPTIONS[layout]].filter(Boolean).join(" ");
          if (!options) continue;
          if (!groups.has(options)) groups.set(options, []);
          groups.get(options).push(rows[index].dataset.word);
        }
        if (groups.size === 0) return "";
        let text = "#!/usr/bin/env bash\n" +
          "# Written by pdfbind review: the bindings and layouts chosen on its page.\n" +
          "# PDFBIND may name the pdfbind to run (default: the one on PATH).\n" +
          "set -u\n" +
          "pdfbind=${PDFBIND:-pdfbind}\n" +
          "cd -- " + main.dataset.directory + " || exit 2\n" +
          "status=0\n";
        for (const [options, words] of groups) {
          text += "\"$pdfbind\" set " + options + " -- \\\n  " + words.join(" \\\n  ") +
            " || status=$?\n";
        }
        return text + "exit \"$status\"\n";
      }

      function refresh() {
        box.value = script();
        const count = choices.size;
        chosen.textContent = count === 0 ? "No choices yet." :
          `${count} book${count === 1 ? "" : "s"} chosen.`;
        copied.textContent = "";
      }

      function setFilter(name) {
        for (const button of document.querySelectorAll("button[data-filter]")) {
          button.setAttribute("aria-pressed", String(button.dataset.filter === name));
        }
        for (const row of rows) {
          row.hidden = name !== "all" && row.dataset[name] !== "true";
        }
        if (current >= 0 && rows[current].hidden) move(1, -1);
      }

      function select(index) {
        if (current >= 0) rows[current].classList.remove("current");
        current = index;
        const row = rows[index];
        row.classList.add("current");
        row.focus({ preventScroll: true });
        row.scrollIntoView({ block: "nearest" });
      }

      function move(step, from = current) {
        for (let index = from + step; index >= 0 && index < rows.length; index += step) {
          if (!rows[index].hidden) return select(index);
        }
      }

      function takeSuggestion(row) {
        const { suggested, binding, suggestedLayout, layout } = row.dataset;
        let took = suggested && suggested !== binding && choose(row, "binding", suggested);
        if (suggestedLayout && suggestedLayout !== layout) {
          took = choose(row, "layout", suggestedLayout) || took;
        }
        // Nothing to take (undecided, or the file has it already): the row stays as it is.
        if (took) record(row);
      }

      main.addEventListener("change", (event) => {
        const row = event.target.closest("section.book");
        if (row) {
          record(row);
          refresh();
        }
      });
      main.addEventListener("click", (event) => {
        const row = event.target.closest("section.book");
        if (row && position.get(row) !== current) select(position.get(row));
      });
      for (const button of document.querySelectorAll("button[data-filter]")) {
        button.addEventListener("click", () => setFilter(button.dataset.filter));
      }
      document.getElementById("take-suggestions").addEventListener("click", () => {
        for (const row of rows) if (!row.hidden) takeSuggestion(row);
        refresh();
      });
      const toggle = document.getElementById("toggle");
      const panel = document.getElementById("script-box");
      function showScript(shown) {
        panel.hidden = !shown;
        toggle.setAttribute("aria-expanded", String(shown));
        toggle.textContent = shown ? "Hide the script" : "Show the script";
      }
      toggle.addEventListener("click", () => showScript(panel.hidden));
      document.getElementById("copy").addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(box.value);
        } catch {
          showScript(true);
          box.select();
          document.execCommand("copy");
        }
        copied.textContent = "Copied.";
      });
      document.getElementById("download").addEventListener("click", () => {
        const url = URL.createObjectURL(new Blob([box.value], { type: "text/x-shellscript" }));
        const link = document.createElement("a");
        link.href = url;
        link.download = "pdfbind-review.sh";
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      });

      const KEYS = {
        r: ["binding", "right-edge"], l: ["binding", "left-edge"],
        c: ["layout", "cover"], n: ["layout", "no-cover"],
      };
      document.addEventListener("keydown", (event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        const target = event.target;
        if (target.matches("textarea")) return;
        if (event.key.startsWith("Arrow") && target.matches("input")) return;
        const key = event.key;
        const row = current >= 0 ? rows[current] : null;
        if (key === "j" || key === "ArrowDown") move(1);
        else if (key === "k" || key === "ArrowUp") move(-1);
        else if (/^[1-4]$/.test(key)) setFilter(FILTERS[Number(key) - 1]);
        else if (row && Object.hasOwn(KEYS, key)) {
          choose(row, ...KEYS[key]);
          record(row);
          refresh();
        }
        else if (row && key === "s") { takeSuggestion(row); refresh(); }
        else if (row && key === "x") {
          choose(row, "binding", "leave");
          choose(row, "layout", "leave");
          record(row);
          refresh();
        } else return;
        event.preventDefault();
      });

      // A reload may bring back choices the browser kept in the form.
      for (const input of main.querySelectorAll('input:checked:not([value="leave"])')) {
        record(input.closest("section.book"));
      }
      refresh();
    })();

    """#
}

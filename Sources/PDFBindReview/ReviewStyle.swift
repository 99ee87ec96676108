import PDFBindCore

/// The review page's constant style and script; the Content-Security-Policy names each by its
/// hash, so they are the only style and script the page runs.
enum ReviewAssets {
  /// The page's one script element: the pictures' part first, then the choices'.
  static let scripts: [StaticString] = [picturesScript, script]

  /// Rows far from view skip layout and paint (`content-visibility`), so a page of thousands
  /// of books opens as fast as a short one. A spread is drawn as preview draws one: each page
  /// at its picture's size (never scaled) on a grey ground, the spine mark between the sides,
  /// each page's number under it; a page alone keeps its side, the other side empty.
  static let style: StaticString = #"""

    :root { color-scheme: light; --accent: #1f5fa8; --muted: #5b6470; --line: #d5d9de; }
    * { box-sizing: border-box; }
    html { scroll-padding: 110px 0 64px; }
    body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: #1d2125; background: #f6f7f8; }
    .toolbar { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap;
      align-items: center; gap: 6px 16px; padding: 8px 16px; background: #fff;
      border-bottom: 1px solid var(--line); }
    .toolbar h1 { font-size: 17px; margin: 0; }
    .toolbar p { margin: 0; color: var(--muted); }
    .toolbar .keys { flex-basis: 100%; font-size: 13px; }
    button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 4px;
      background: #fff; cursor: pointer; }
    button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent);
      color: #fff; }
    .filters { display: flex; gap: 4px; }
    main { padding: 12px 16px 64px; }
    .book { content-visibility: auto; contain-intrinsic-size: auto 260px; background: #fff;
      border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 0 0 10px; }
    .book.current { outline: 3px solid var(--accent); outline-offset: -1px; }
    .book:focus { outline-style: solid; }
    .book h2 { font-size: 15px; margin: 0 0 2px; white-space: pre-wrap; overflow-wrap: anywhere; }
    .book p { margin: 2px 0; }
    .exact code { white-space: pre-wrap; overflow-wrap: anywhere; }
    .failure { color: #a1260d; }
    .facts em { color: #a1260d; font-style: normal; font-weight: 600; }
    .warnings { color: #8a5a00; margin: 2px 0; padding-left: 18px; font-size: 13px; }
    .evidence { margin: 2px 0 6px; padding-left: 18px; font-size: 13px; color: var(--muted); }
    .evidence .source { font-weight: 600; color: #1d2125; }
    .evidence .unweighed { opacity: 0.7; }
    .pictures { display: flex; flex-wrap: wrap; gap: 12px; }
    figure { margin: 0; }
    .spreads { display: flex; flex-wrap: wrap; gap: 12px 16px; width: fit-content;
      padding: 4px 8px; background: #ececec; }
    .spread { display: grid; grid-template-columns: 1fr 2px 1fr; grid-template-rows: auto auto; }
    .spread .page { grid-row: 1 / 3; display: grid; grid-template-rows: subgrid;
      justify-items: center; }
    .spread .left { grid-column: 1; justify-self: end; }
    .spread .right { grid-column: 3; justify-self: start; }
    .spread .spine { grid-column: 2; grid-row: 1; background: #141414; }
    .spread img { display: block; margin: 4px 0; background: #fff; }
    .spread .number { font-size: 11px; line-height: 16px; color: #3c3c3c; }
    figcaption { font-size: 12px; color: var(--muted); max-width: 640px; }
    .view { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 12px; }
    .choice { display: flex; flex-direction: column; gap: 6px; }
    fieldset { border: 1px solid var(--line); border-radius: 4px; padding: 2px 8px; margin: 0; }
    legend { font-size: 12px; color: var(--muted); padding: 0 4px; }
    label { margin-right: 10px; white-space: nowrap; }
    .panel { position: fixed; left: 0; right: 0; bottom: 0; z-index: 2; background: #fff;
      border-top: 1px solid var(--line); padding: 6px 16px; }
    .panel .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
    .panel .bar strong { margin-right: 8px; }
    .panel textarea { display: block; width: 100%; height: min(32vh, 18em); margin-top: 6px;
      font: 12px/1.35 ui-monospace, monospace; white-space: pre; overflow: auto; }
    .hint { font-size: 12px; color: var(--muted); margin: 4px 0; }
    #copied { color: var(--muted); }

    """#
}

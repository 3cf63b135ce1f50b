// A table wider than its box (a phone's screen) scrolls sideways inside it
// (style.css); this says so above each table that is cut, and takes the
// words away when the table fits again (a wider window, new contents).

const HINT_CLASS = 'scroll-hint';
export const SCROLL_HINT = 'This table is wider than the screen: scroll it sideways to see every column.';

/** The element that scrolls `table` sideways: itself (a phone's tables are blocks) or its box. */
function scrollerOf(table) {
  for (let element = table; element && element !== document.body; element = element.parentElement) {
    const { overflowX } = getComputedStyle(element);
    if (overflowX === 'auto' || overflowX === 'scroll') return element;
  }
  return undefined;
}

function markTables() {
  // No layout work while a run measures: the hints follow when it ends (its last render).
  if (document.body.dataset.state === 'running') return;
  for (const table of document.querySelectorAll('main table')) {
    const scroller = scrollerOf(table);
    const cut = scroller !== undefined && scroller.scrollWidth > scroller.clientWidth + 1;
    const hint = table.previousElementSibling?.classList.contains(HINT_CLASS)
      ? table.previousElementSibling
      : null;
    if (cut && !hint) {
      const note = document.createElement('p');
      note.className = `note ${HINT_CLASS}`;
      note.textContent = SCROLL_HINT;
      table.before(note);
    } else if (!cut && hint) hint.remove();
  }
}

/** Keeps the hints right as tables come and go and the window changes (once per frame at most). */
export function keepScrollHints() {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      markTables();
    });
  };
  new MutationObserver((records) => {
    // Its own hints are no change of the tables.
    const added = records.flatMap((record) => [...record.addedNodes, ...record.removedNodes]);
    if (added.some((node) => !node.classList?.contains(HINT_CLASS))) schedule();
  }).observe(document.querySelector('main'), { childList: true, subtree: true });
  addEventListener('resize', schedule);
  schedule();
}

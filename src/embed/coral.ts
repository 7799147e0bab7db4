/**
 * Coral's embed: one script that defines a custom element for each component.
 *
 *   <script defer src="https://…/gpap-coral/coral/coral.js"></script>
 *   <coral-donate-form config='{"campaign":"save-the-reef"}'></coral-donate-form>
 *
 * This file has no import statement, so a page may load it however its tools
 * paste a script: classic with `defer` or `async`, `type="module"`, in the head
 * or the body, once or twice. It loads the elements (./elements.ts) with
 * `import()`, which classic scripts may use too, resolved against this file's
 * own address; a failed load is tried twice more. Until the elements are
 * defined, and if they never are, each element shows its own content.
 */
const RETRY_DELAYS_MS = [1_000, 3_000];

function define(attempt: number): void {
  import('./elements').catch(() => {
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay !== undefined) setTimeout(() => define(attempt + 1), delay);
  });
}

define(0);

/** Where the browser tests find Chromium, and the flags it needs on a closed network (shared with the benchmark). */
export {CHROMIUM_FLAGS, findChromium} from '../../scripts/lib/chromium.mjs';

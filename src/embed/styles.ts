/**
 * The stylesheet every Coral element puts in its shadow root. The embed build
 * writes the components' compiled CSS in place of this marker, adapted for a
 * shadow root (see vite.embed.config.ts); outside that build it is empty.
 */
const styles: string = '__CORAL_EMBED_STYLES__';
export default styles;

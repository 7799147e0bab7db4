/** Noto Sans for the receipts' PDFs in a Worker, which has no file system to read it from. */

export type Fonts = {regular: Uint8Array; bold: Uint8Array};

let loading: Promise<Fonts> | undefined;

// A Data module's default export is an ArrayBuffer; Vite's own types call a .ttf an asset's URL.
const bytes = (module: {default: unknown}) => new Uint8Array(module.default as ArrayBuffer);

/**
 * The two TTFs, bundled by Wrangler as Data modules (`[[rules]]` in wrangler.toml). Vite is told to leave the imports
 * alone, as it would otherwise turn each into an asset's URL, which Wrangler cannot read in.
 */
export const workerFonts = (): Promise<Fonts> =>
  (loading ??= Promise.all([
    import(/* @vite-ignore */ '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    import(/* @vite-ignore */ '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  ]).then(([regular, bold]) => ({regular: bytes(regular), bold: bytes(bold)})));

/** Noto Sans, regular and bold, read from its package on Node: the one file of the receipts that opens a file. */
import {readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import type {Fonts} from './pdf';

const require = createRequire(import.meta.url);

let loading: Promise<Fonts> | undefined;

/** The fonts every receipt embeds, read once per process. */
export function notoSans(): Promise<Fonts> {
  loading ??= Promise.all([
    readFile(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    readFile(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({regular, bold}),
    (error: unknown) => {
      // A failed read is not kept, so the next receipt tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

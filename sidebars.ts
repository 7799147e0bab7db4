import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// One sidebar, `docs`. `doc1` and `mdx` are reachable by link but stay out of it.
const sidebars: SidebarsConfig = {
  docs: ['intro'],
};

export default sidebars;

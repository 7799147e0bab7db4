// Stands in for the classic theme's Prism client module (see src/plugins/codeHighlight.ts): nothing to run on every page.
export {};

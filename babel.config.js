// Used only by tools that still read a Babel config; the site itself builds with SWC (faster mode).
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};

/** Stylelint for the CSS modules and the site's global stylesheet. */
export default {
  extends: ['stylelint-config-standard', 'stylelint-config-css-modules'],
  ignoreFiles: ['build/**', '.docusaurus/**', '.embed/**', 'node_modules/**', 'static/**', 'test-results/**'],
  rules: {
    'selector-class-pattern': [
      '^[a-z][a-zA-Z0-9]*$',
      {message: 'Name a CSS module class in camelCase, as components read it (styles.fooBar)'},
    ],
    // --coral-* is the public theming contract; a leading _ marks a property private to Coral.
    'custom-property-pattern': ['^_?[a-z][a-z0-9]*(-[a-z0-9]+)*$', {message: 'Name a custom property in kebab-case'}],
    // Rules are ordered by component part, not by specificity; the rule reports that order, not a bug.
    'no-descending-specificity': null,
  },
  overrides: [
    {
      // The global stylesheet styles Docusaurus's and Infima's own class names.
      files: ['src/css/**/*.css'],
      rules: {'selector-class-pattern': null},
    },
  ],
};

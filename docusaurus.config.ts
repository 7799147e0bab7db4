import {readFileSync} from 'node:fs';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {coralDark, coralLight} from './src/prismThemes';

const repository = 'https://github.com/greenpeace/gpap-coral';
const baseUrl = '/gpap-coral/';
const announcementId = 'coral-launch-2026';

/** The embed build's release (its version and the first script's integrity hash), for the snippets; null before the embed is built. */
function embedRelease(): unknown {
  try {
    return JSON.parse(readFileSync('.embed/coral/release.json', 'utf8')) as unknown;
  } catch {
    return null;
  }
}

const config: Config = {
  title: 'Coral',
  tagline: 'Web-app components for engaging supporters, collecting donations and organising for change.',
  favicon: 'img/favicon.svg',
  // `.embed` holds the embed build (`npm run build:embed`): /gpap-coral/coral/coral.js and its chunks.
  staticDirectories: ['static', '.embed'],

  url: 'https://greenpeace.github.io',
  baseUrl,
  trailingSlash: false,
  customFields: {embedRelease: embedRelease()},
  organizationName: 'greenpeace',
  projectName: 'gpap-coral',

  // Broken links fail the build; the softer checks only warn (site spec §8).
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  future: {
    faster: true,
    // Every v4 behaviour but storage namespacing: the colour mode must live under
    // the plain `theme` key, and the announcement bar under Docusaurus's plain keys.
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
  },
  storage: {type: 'localStorage', namespace: false},

  i18n: {defaultLocale: 'en', locales: ['en']},

  clientModules: ['./src/clientModules/cleanHtmlPath.ts'],

  plugins: [
    ['./src/plugins/announcementId.ts', {id: announcementId}],
    './src/plugins/colorModeGuard.ts',
    './src/plugins/configReference.ts',
    './src/plugins/codeHighlight.ts',
    './src/plugins/libraryChunk.ts',
    // Every route at each address GitHub Pages gives it, and the docs root's redirect.
    ['./src/plugins/pathForms.ts', {redirects: [{from: '/docs', to: '/docs/intro'}]}],
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        indexDocs: true,
        indexBlog: true,
        indexPages: false,
        docsRouteBasePath: '/docs',
        blogRouteBasePath: '/blog',
        explicitSearchResultPath: true,
        searchBarShortcutHint: false,
      },
    ],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          editUrl: `${repository}/edit/main/`,
        },
        blog: {
          blogTitle: 'Blog',
          blogDescription: 'News from the Coral team: new components, what we learned building them, and how campaigns use them.',
          showReadingTime: true,
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          tags: 'tags.yml',
          authorsMapPath: 'authors.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          feedOptions: {type: ['rss', 'atom'], xslt: true},
          editUrl: `${repository}/edit/main/`,
        },
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: announcementId,
      content: `Coral is live: donate forms, powerforms and thank-you pages for campaign pages. <a href="${baseUrl}blog/launch">Read the launch post</a>.`,
      backgroundColor: '#0b3d5c',
      textColor: '#ffffff',
      isCloseable: true,
    },
    navbar: {
      title: 'Coral',
      hideOnScroll: true,
      logo: {alt: 'Coral logo', src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: 'doc', docId: 'intro', position: 'left', label: 'Docs'},
        {to: '/blog', label: 'Blog', position: 'left'},
        {
          href: repository,
          position: 'right',
          className: 'header-github-link',
          'aria-label': 'Coral on GitHub',
          label: 'GitHub',
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Coral Intro', to: '/docs/intro'},
            {label: 'Donate Form Demos', to: '/docs/donate-form-demos'},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Chat', href: `${repository}/discussions`},
            {label: 'Updates', to: '/blog'},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Greenpeace Australia Pacific', href: 'https://www.greenpeace.org.au'},
            {label: 'GitHub', href: repository},
          ],
        },
      ],
      copyright: `Coral, by Greenpeace Australia Pacific. Code under the MIT licence.`,
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    blog: {sidebar: {groupByYear: true}},
    prism: {
      theme: coralLight,
      darkTheme: coralDark,
      // Languages come from src/lib/highlight, which builds them on the first code block.
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

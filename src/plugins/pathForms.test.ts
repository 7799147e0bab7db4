import {mkdtemp, mkdir, readFile, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import type {LoadContext} from '@docusaurus/types';
import pathFormsPlugin, {redirectPage, routeFiles, titleOf} from './pathForms';

describe('routeFiles', () => {
  it.each([
    ['/gpap-coral/blog', ['blog.html', 'blog/index.html']],
    ['/gpap-coral/blog/launch', ['blog/launch.html', 'blog/launch/index.html']],
    ['/gpap-coral/docs/category/recipes', ['docs/category/recipes.html', 'docs/category/recipes/index.html']],
  ])('gives %s both file forms', (route, files) => {
    expect(routeFiles(route, '/gpap-coral/')).toEqual(files);
  });

  it.each(['/gpap-coral/', '/gpap-coral/404.html', '/elsewhere/page'])('leaves %s alone', (route) => {
    expect(routeFiles(route, '/gpap-coral/')).toBeNull();
  });
});

describe('redirectPage', () => {
  const page = redirectPage({to: '/gpap-coral/docs/intro', title: 'Introduction to Coral | Coral'});

  it('is a whole document with a language, a title and a link in its body', () => {
    expect(page).toContain('<html lang="en">');
    expect(titleOf(page)).toBe('Introduction to Coral | Coral');
    expect(page).toMatch(/<body>[\s\S]*<a href="\/gpap-coral\/docs\/intro">[\s\S]*<\/body>/);
    expect(page).toContain('content="0; url=/gpap-coral/docs/intro"');
  });

  it('escapes the address in markup and in the script', () => {
    const hostile = redirectPage({to: '/x"><script>alert(1)</script>', title: 'T'});
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('&quot;&gt;&lt;script&gt;');
    expect(hostile).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });
});

describe('the plugin after a build', () => {
  it('writes the missing form of every route and the redirect pages, and keeps what the build wrote', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'path-forms-'));
    await mkdir(join(outDir, 'blog'), {recursive: true});
    await mkdir(join(outDir, 'docs'), {recursive: true});
    await writeFile(join(outDir, 'blog.html'), '<title>Blog | Coral</title>blog');
    await writeFile(join(outDir, 'blog', 'launch.html'), 'launch');
    await writeFile(join(outDir, 'docs', 'intro.html'), '<title>Introduction to Coral | Coral</title>intro');
    await mkdir(join(outDir, 'hello'), {recursive: true});
    await writeFile(join(outDir, 'hello', 'index.html'), 'hello');
    const plugin = pathFormsPlugin({baseUrl: '/gpap-coral/'} as LoadContext, {redirects: [{from: '/docs', to: '/docs/intro'}]});
    const routesPaths = [
      '/gpap-coral/',
      '/gpap-coral/blog',
      '/gpap-coral/blog/launch',
      '/gpap-coral/docs/intro',
      '/gpap-coral/hello',
      '/gpap-coral/404.html',
    ];
    await plugin.postBuild?.({outDir, routesPaths, siteConfig: {title: 'Coral'}} as unknown as Parameters<
      NonNullable<typeof plugin.postBuild>
    >[0]);

    const read = (file: string) => readFile(join(outDir, file), 'utf8');
    expect(await read('blog/index.html')).toBe(await read('blog.html'));
    expect(await read('blog/launch/index.html')).toBe('launch');
    expect(await read('docs/intro/index.html')).toContain('intro');
    expect(await read('hello.html')).toBe('hello');
    for (const file of ['docs.html', 'docs/index.html']) {
      const page = await read(file);
      expect(titleOf(page)).toBe('Introduction to Coral | Coral');
      expect(page).toContain('url=/gpap-coral/docs/intro');
    }
  });

  it('fails the build when a redirect leads nowhere', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'path-forms-'));
    const plugin = pathFormsPlugin({baseUrl: '/gpap-coral/'} as LoadContext, {redirects: [{from: '/docs', to: '/docs/gone'}]});
    await expect(
      plugin.postBuild?.({outDir, routesPaths: [], siteConfig: {title: 'Coral'}} as unknown as Parameters<
        NonNullable<typeof plugin.postBuild>
      >[0]),
    ).rejects.toThrow(/no page for/);
  });
});

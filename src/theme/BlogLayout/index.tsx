/**
 * The blog's layout: the year-grouped sidebar, the content, and on a post its
 * table of contents, which sits in a labelled aside so every part of the page
 * belongs to a landmark.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import BlogSidebar from '@theme/BlogSidebar';
import type {Props} from '@theme/BlogLayout';

export default function BlogLayout({sidebar, toc, children, ...layoutProps}: Props): ReactNode {
  const hasSidebar = sidebar !== undefined && sidebar.items.length > 0;
  return (
    <Layout {...layoutProps}>
      <div className="container margin-vert--lg">
        <div className="row">
          <BlogSidebar sidebar={sidebar} />
          <main className={clsx('col', hasSidebar ? 'col--7' : 'col--9 col--offset-1')}>{children}</main>
          {toc && (
            <aside className="col col--2" aria-label="On this page">
              {toc}
            </aside>
          )}
        </div>
      </div>
    </Layout>
  );
}

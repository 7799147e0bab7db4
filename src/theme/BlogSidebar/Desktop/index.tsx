/**
 * The blog's sidebar on wide screens: the year-grouped list of posts, in an
 * aside named for what it holds, so that every landmark on a post's page has
 * a name a screen reader can announce.
 */
import {memo, type ReactNode} from 'react';
import clsx from 'clsx';
import {BlogSidebarItemList, useVisibleBlogSidebarItems} from '@docusaurus/plugin-content-blog/client';
import BlogSidebarContent from '@theme/BlogSidebar/Content';
import type {Props} from '@theme/BlogSidebar/Desktop';
import styles from './styles.module.css';

function PostList({items}: {items: Props['sidebar']['items']}): ReactNode {
  return (
    <BlogSidebarItemList
      items={items}
      ulClassName={clsx(styles.list, 'clean-list')}
      liClassName={styles.item}
      linkClassName={styles.link}
      linkActiveClassName={styles.active}
    />
  );
}

function BlogSidebarDesktop({sidebar}: Props): ReactNode {
  const items = useVisibleBlogSidebarItems(sidebar.items);
  return (
    <aside className={clsx('col col--3', styles.column)} aria-label="Blog posts">
      <nav className={clsx(styles.sidebar, 'thin-scrollbar')} aria-label="Blog posts by year">
        <div className={clsx(styles.title, 'margin-bottom--md')}>{sidebar.title}</div>
        <BlogSidebarContent items={items} ListComponent={PostList} yearGroupHeadingClassName={styles.year} />
      </nav>
    </aside>
  );
}

export default memo(BlogSidebarDesktop);

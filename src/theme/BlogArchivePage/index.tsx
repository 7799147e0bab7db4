/**
 * The blog archive: every post by year, newest year first. The title sits in
 * the page's main landmark and the years are its h2 sections, so the outline
 * has no gaps and the page has one banner, the navbar.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {PageMetadata} from '@docusaurus/theme-common';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {Props} from '@theme/BlogArchivePage';

type Post = Props['archive']['blogPosts'][number];

const DAY = new Intl.DateTimeFormat('en-AU', {day: 'numeric', month: 'long', timeZone: 'UTC'});

function byYear(posts: readonly Post[]): [string, Post[]][] {
  const years = new Map<string, Post[]>();
  for (const post of posts) {
    const year = post.metadata.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years.entries()];
}

export default function BlogArchive({archive}: Props): ReactNode {
  const years = byYear(archive.blogPosts);
  return (
    <>
      <PageMetadata title="Archive" description="Every post on the Coral blog, by year." />
      <Layout>
        <main className="container margin-vert--lg">
          <Heading as="h1">Archive</Heading>
          <p>Every post on the Coral blog, newest first.</p>
          <div className="row">
            {years.map(([year, posts]) => (
              <section key={year} className="col col--4 margin-vert--md" aria-labelledby={`year-${year}`}>
                <Heading as="h2" id={`year-${year}`}>
                  {year}
                </Heading>
                <ul>
                  {posts.map((post) => (
                    <li key={post.metadata.permalink}>
                      <Link to={post.metadata.permalink}>
                        {DAY.format(new Date(post.metadata.date))}: {post.metadata.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </main>
      </Layout>
    </>
  );
}

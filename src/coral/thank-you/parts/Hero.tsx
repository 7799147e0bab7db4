import type {PhotoConfig} from '../schema';
import type {HeadingTag} from '../state';
import styles from '../ThankYou.module.css';

/** The photography variant's header: the heading and thanks over the campaign's photo, with its caption and credit. */
export function Hero({
  photo,
  Heading,
  headingId,
  heading,
  body,
}: {
  photo: PhotoConfig;
  Heading: HeadingTag;
  headingId: string;
  heading: string;
  body: string;
}) {
  const srcSet = [...photo.srcset]
    .sort((a, b) => a.width - b.width)
    .map((source) => `${source.src} ${source.width}w`)
    .join(', ');
  return (
    <figure className={styles.hero} part="hero">
      <div className={styles.heroMedia}>
        {/* The hero is the largest thing on the page: loaded at once and first, never lazily. */}
        <img
          className={styles.heroImage}
          src={photo.src}
          srcSet={srcSet}
          sizes={photo.sizes}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          fetchPriority="high"
          part="hero-image"
        />
        <div className={styles.heroText}>
          <Heading id={headingId} className={styles.heading}>
            {heading}
          </Heading>
          <p className={styles.lead}>{body}</p>
        </div>
      </div>
      <figcaption className={styles.caption} part="caption">
        {photo.caption && <span>{photo.caption}</span>} <span className={styles.credit}>{photo.credit}</span>
      </figcaption>
    </figure>
  );
}

import { Typography } from 'antd';
import type { ImageCard } from '@atelier/contracts';
import { ImageGrid } from '../../../shared/catalogue/components/ImageGrid';
import { groupByCreatedDate } from '../group-by-date';

/** The first rows are on screen: their pictures load first. */
const PRIORITY_ROWS = 2;

/** The result grid, under created-date headers when the URL asks for `group`. */
export function SearchResults({ images, group }: { images: ImageCard[]; group: boolean }) {
  if (!group) return <ImageGrid images={images} priorityRows={PRIORITY_ROWS} />;
  return (
    <>
      {groupByCreatedDate(images).map((section, index) => (
        <section key={`${section.label}-${index}`} aria-label={section.label}>
          <Typography.Title level={2} style={{ fontSize: 18, margin: '16px 0 8px' }}>
            {section.label}
          </Typography.Title>
          <ImageGrid images={section.images} priorityRows={index === 0 ? PRIORITY_ROWS : 0} />
        </section>
      ))}
    </>
  );
}

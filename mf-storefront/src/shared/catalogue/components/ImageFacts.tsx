import { Descriptions } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, isExternalSource, lowestPriceCents, type Image } from '@atelier/contracts';
import { physicalSizeLabel, priceLabel, resolutionLabel } from './price';

/** 'From $24.99': the cheapest size on any substrate, from the one price model (pricing.ts). */
function fromPriceLabel(image: Image): string {
  const cents = lowestPriceCents(image);
  return cents === null ? priceLabel(image.price) : `From ${formatUsd(cents)}`;
}

/** Where staff find the image's record in the manage area. */
const manageImagePath = (id: number): string => `/manage/image/${id}`;

export interface ImageFactsProps {
  image: Image;
  /** Staff also see the 300 dpi physical size, the id and source links (SPEC §2). */
  isStaff: boolean;
}

/** Price, resolution (SPEC §5: from 1 MP) and, for staff, the file's facts. */
export function ImageFacts({ image, isStaff }: ImageFactsProps) {
  const resolution = resolutionLabel(image.max_width, image.max_height);
  const items = [
    { key: 'price', label: 'Price', children: fromPriceLabel(image) },
    ...(resolution ? [{ key: 'resolution', label: 'Resolution', children: resolution }] : []),
    {
      key: 'catalog',
      label: 'Collection',
      children: isExternalSource(image.source) ? 'Extended catalog' : 'Atelier artists',
    },
    ...(isStaff
      ? [
          {
            key: 'physical',
            label: 'Physical size',
            children: physicalSizeLabel(image.max_width, image.max_height),
          },
          { key: 'id', label: 'Id', children: `${image.id} (${image.local_id})` },
          {
            key: 'source',
            label: 'Source',
            children: (
              <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 12 }}>
                <span>{image.source}</span>
                <a href={image.imgsrc} target="_blank" rel="noreferrer">
                  Master file
                </a>
                <Link to={manageImagePath(image.id)}>Manage record</Link>
              </span>
            ),
          },
        ]
      : []),
  ];
  return <Descriptions column={1} size="small" items={items} />;
}

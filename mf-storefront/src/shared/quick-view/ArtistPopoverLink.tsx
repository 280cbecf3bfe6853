import { useState } from 'react';
import { Popover, Skeleton } from 'antd';
import { ArtistLink } from '../catalogue/components/ArtistLink';
import { useArtistThumbnails } from './related-images';
import { ThumbnailRow } from './ThumbnailRow';

/** SPEC §9: the artist popover shows after 100 ms and hides after 200 ms. */
const ARTIST_POPOVER_SHOW_S = 0.1;
const ARTIST_POPOVER_HIDE_S = 0.2;

function ArtistWorks({ artist }: { artist: string }) {
  const works = useArtistThumbnails(artist, true);
  if (works.isPending) return <Skeleton.Image active style={{ width: 200, height: 64 }} />;
  if (works.isError || !works.data.images.length) return <span>No other works found.</span>;
  return <ThumbnailRow images={works.data.images} label={`Works by ${artist}`} />;
}

/** The artist link with a hover (and focus) popover of three of the artist's works. */
export function ArtistPopoverLink({ artist }: { artist: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger={['hover', 'focus']}
      mouseEnterDelay={ARTIST_POPOVER_SHOW_S}
      mouseLeaveDelay={ARTIST_POPOVER_HIDE_S}
      title={`More by ${artist}`}
      content={open ? <ArtistWorks artist={artist} /> : null}
    >
      <span>
        <ArtistLink artist={artist} />
      </span>
    </Popover>
  );
}

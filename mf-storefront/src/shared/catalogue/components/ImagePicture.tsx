import type { CSSProperties } from 'react';

export interface ImagePictureProps {
  src: string;
  alt: string;
  /** The master's pixel size: only the ratio is used, to size the box before the picture loads. */
  width: number;
  height: number;
  /** The tallest the picture may be (a CSS length); its width follows from the ratio. */
  maxHeight?: string;
  /** Load at once (the page's main picture) or when scrolled near (thumbnails). */
  priority?: boolean;
}

/**
 * A picture whose box is reserved from its aspect ratio, so nothing below it moves when it
 * arrives. It fills its container's width and is capped by `maxHeight`, keeping the ratio:
 * width = min(100 %, maxHeight × ratio).
 */
export function ImagePicture({
  src,
  alt,
  width,
  height,
  maxHeight = '80vh',
  priority = false,
}: ImagePictureProps) {
  const box: CSSProperties = {
    aspectRatio: `${width} / ${height}`,
    // A page may raise the cap through the variable (a phone lets the picture fill the width).
    width: `min(100%, calc(var(--atelier-picture-max-height, ${maxHeight}) * ${width} / ${height}))`,
    margin: '0 auto',
    background: '#ece6dc',
    borderRadius: 4,
    overflow: 'hidden',
  };
  return (
    <div style={box}>
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        // The page's main picture is its largest paint: ahead of the scripts that load beside
        // it (mf-cart's Quick Add) in the browser's queue.
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </div>
  );
}

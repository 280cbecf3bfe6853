import { useId } from 'react';
import type { SizeValue, Substrate } from '@atelier/contracts';
import { CUSTOMIZE_TEXT } from '../constants';
import { roomScene } from '../room-scene';

interface RoomPreviewProps {
  thumb: string;
  size: SizeValue;
  substrate: Substrate;
}

const WALL = '#efe9df';
const FLOOR = '#cdbb9f';
const SOFA = '#6b7c86';
const SOFA_SHADE = '#56656e';

/**
 * The picture on a wall above an 84" sofa, both to scale: the SVG's units are inches, so
 * one px-per-inch applies to both, and the whole scene shrinks to the width it is given.
 */
export function RoomPreview({ thumb, size, substrate }: RoomPreviewProps) {
  const captionId = useId();
  const scene = roomScene(size);
  const { sofa, picture } = scene;
  const arm = Math.min(8, sofa.width / 10);
  const frame = Math.max(0.5, Math.min(picture.width, picture.height) / 60);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-labelledby={captionId}
        viewBox={`0 0 ${scene.width} ${scene.height}`}
        preserveAspectRatio="xMidYMax meet"
        style={{ display: 'block', width: '100%', maxHeight: 420, background: WALL }}
      >
        <rect x={0} y={0} width={scene.width} height={scene.floorY} fill={WALL} />
        <rect
          x={0}
          y={scene.floorY}
          width={scene.width}
          height={scene.height - scene.floorY}
          fill={FLOOR}
        />
        <g aria-hidden>
          <rect
            x={sofa.x + arm}
            y={sofa.y}
            width={sofa.width - 2 * arm}
            height={sofa.height * 0.55}
            rx={3}
            fill={SOFA_SHADE}
          />
          <rect
            x={sofa.x}
            y={sofa.y + sofa.height * 0.45}
            width={sofa.width}
            height={sofa.height * 0.4}
            rx={3}
            fill={SOFA}
          />
          <rect
            x={sofa.x}
            y={sofa.y + sofa.height * 0.3}
            width={arm}
            height={sofa.height * 0.55}
            rx={3}
            fill={SOFA_SHADE}
          />
          <rect
            x={sofa.x + sofa.width - arm}
            y={sofa.y + sofa.height * 0.3}
            width={arm}
            height={sofa.height * 0.55}
            rx={3}
            fill={SOFA_SHADE}
          />
        </g>
        <rect
          x={picture.x - frame}
          y={picture.y - frame}
          width={picture.width + 2 * frame}
          height={picture.height + 2 * frame}
          fill="#2b2b2b"
          opacity={0.85}
        />
        <image
          href={thumb}
          x={picture.x}
          y={picture.y}
          width={picture.width}
          height={picture.height}
          preserveAspectRatio="xMidYMid slice"
        />
      </svg>
      <figcaption id={captionId} style={{ marginTop: 8, textAlign: 'center' }}>
        {CUSTOMIZE_TEXT.caption(size, substrate)}
      </figcaption>
    </figure>
  );
}

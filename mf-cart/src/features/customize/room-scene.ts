import type { SizeValue } from '@atelier/contracts';
import { SOFA_WIDTH_IN } from './constants';

/** A rectangle in inches, from the scene's top-left corner. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RoomScene {
  /** The whole scene in inches: the SVG's viewBox, so one unit is one inch everywhere. */
  width: number;
  height: number;
  /** The top of the floor. */
  floorY: number;
  sofa: Box;
  picture: Box;
}

/** The room around the sofa (inches): an 8 ft wall, a sofa 32 in tall, a hand's gap above. */
export const ROOM = {
  minWidth: 144,
  wallHeight: 96,
  floorDepth: 10,
  sofaHeight: 32,
  gapAboveSofa: 8,
  margin: 12,
} as const;

/**
 * The room preview's geometry, in inches: the sofa centred on the floor and the picture
 * centred above it at its true size. A picture wider or taller than the wall (a mural) makes
 * the scene grow around it, so the whole scene, sofa included, is scaled down to fit the
 * same box: one px-per-inch for everything.
 */
export function roomScene(size: SizeValue): RoomScene {
  const width = Math.max(ROOM.minWidth, SOFA_WIDTH_IN + 2 * ROOM.margin, size.w + 2 * ROOM.margin);
  const above = ROOM.sofaHeight + ROOM.gapAboveSofa;
  const wallHeight = Math.max(ROOM.wallHeight, above + size.h + ROOM.margin);
  const floorY = wallHeight;
  const sofa: Box = {
    x: (width - SOFA_WIDTH_IN) / 2,
    y: floorY - ROOM.sofaHeight,
    width: SOFA_WIDTH_IN,
    height: ROOM.sofaHeight,
  };
  const picture: Box = {
    x: (width - size.w) / 2,
    y: floorY - above - size.h,
    width: size.w,
    height: size.h,
  };
  return { width, height: floorY + ROOM.floorDepth, floorY, sofa, picture };
}

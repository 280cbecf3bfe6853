import { SOFA_WIDTH_IN } from './constants';
import { ROOM, roomScene } from './room-scene';

describe('room preview geometry (inches)', () => {
  it('draws the picture at its size, centred above an 84 in sofa on an 8 ft wall', () => {
    const scene = roomScene({ w: 24, h: 36 });
    expect(SOFA_WIDTH_IN).toBe(84);
    expect(scene.sofa.width).toBe(84);
    expect(scene.picture).toMatchObject({ width: 24, height: 36 });
    expect(scene.width).toBe(ROOM.minWidth);
    expect(scene.floorY).toBe(ROOM.wallHeight);
    expect(scene.picture.x + scene.picture.width / 2).toBe(scene.width / 2);
    expect(scene.sofa.x + scene.sofa.width / 2).toBe(scene.width / 2);
    expect(scene.picture.y + scene.picture.height).toBe(scene.sofa.y - ROOM.gapAboveSofa);
  });

  it('grows the scene around a mural wider and taller than the wall', () => {
    const scene = roomScene({ w: 240, h: 120 });
    expect(scene.width).toBe(240 + 2 * ROOM.margin);
    expect(scene.picture.x).toBe(ROOM.margin);
    expect(scene.picture.y).toBe(ROOM.margin);
    expect(scene.sofa.width).toBe(84);
  });
});

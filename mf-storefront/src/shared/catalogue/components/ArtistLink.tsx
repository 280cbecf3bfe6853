import { Link } from 'react-router-dom';

/** A quoted artist name is a valid search (SPEC §2 /search): it finds the artist's works. */
const artistSearchPath = (artist: string): string =>
  `/search?q=${encodeURIComponent(`"${artist}"`)}`;

export function ArtistLink({ artist }: { artist: string }) {
  return <Link to={artistSearchPath(artist)}>{artist}</Link>;
}

import { Link } from 'react-router-dom';

export const GOVERNMENT_HEADLINE = 'Art for government spaces';

/**
 * The government customers' home (SPEC §1): the same catalogue, addressed to agencies
 * furnishing public buildings rather than to a buyer browsing for a wall at home.
 */
export function GovernmentHome() {
  return (
    <>
      <header className="sf-hero">
        <h1 id="home-title">{GOVERNMENT_HEADLINE}</h1>
        <p>
          Fine art and photography for offices, courthouses, embassies and public buildings, printed
          to order on paper, canvas, aluminum, acrylic and more, in the sizes your space needs.
        </p>
      </header>
      <ul className="sf-gov-points">
        <li>
          <strong>A curated catalogue</strong>
          <span>Works from museums and artists, searchable by subject, colour and size.</span>
        </li>
        <li>
          <strong>Printed for the space</strong>
          <span>Each work shows the largest size its file prints at, substrate by substrate.</span>
        </li>
        <li>
          <strong>Help with larger projects</strong>
          <span>Call or chat with us to plan a building, a floor or a single lobby.</span>
        </li>
      </ul>
      <p className="sf-more">
        <Link to="/search" className="sf-button sf-button-primary">
          Search the catalogue
        </Link>{' '}
        <Link to="/collections" className="sf-button">
          Browse collections
        </Link>
      </p>
    </>
  );
}

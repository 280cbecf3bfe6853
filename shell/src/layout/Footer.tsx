import { Link } from 'react-router-dom';
import { SUPPORT_PHONE } from '../nav/support';

export function Footer() {
  return (
    <footer className="atelier-footer">
      <nav aria-label="Footer">
        <Link to="/search">Browse art</Link>
        <Link to="/collections">Collections</Link>
        <Link to="/artist">For artists</Link>
        <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</a>
      </nav>
      <p>
        © {new Date().getFullYear()} Atelier. Prints of fine art and photography, made to order.
      </p>
    </footer>
  );
}

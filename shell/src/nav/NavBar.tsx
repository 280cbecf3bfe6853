import { Link } from 'react-router-dom';
import { BRAND } from '@atelier/ui';
import { AccountLink } from './AccountLink';
import { CartLink } from './CartLink';
import { HelpMenu } from './HelpMenu';
import { SearchBox } from './SearchBox';

export function NavBar() {
  return (
    <header className="atelier-nav">
      <a href="#main" className="atelier-skip">
        Skip to content
      </a>
      <Link to="/" className="atelier-logo" aria-label={`${BRAND} home`}>
        {BRAND}
      </Link>
      <SearchBox />
      <nav aria-label="Account" className="atelier-nav-actions">
        <HelpMenu />
        <AccountLink />
        <CartLink />
      </nav>
    </header>
  );
}

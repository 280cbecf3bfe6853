import { Link } from 'react-router-dom';
import { BRAND } from '@atelier/ui';
import { AccountLink } from './AccountLink';
import { CartLink } from './CartLink';
import { HelpMenu } from './HelpMenu';
import { SearchBox } from './SearchBox';
import { StaffBar } from './StaffBar';

export function NavBar() {
  return (
    <header className="atelier-header">
      <div className="atelier-nav">
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
      </div>
      <StaffBar />
    </header>
  );
}

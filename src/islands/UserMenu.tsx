/**
 * The header's account area (spec 2 account mini menu) as an island, so shared cached pages carry
 * nothing personal: guests see "Sign in"; once the auth check finds a user, their first name and
 * the menu. spec 2: the VIP crown item shows to non-VIP users once the auth check is finished.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ICONS, type IconName } from '@/components/chrome/icons';
import { $user, loadProfile } from '@/stores/user';

/** spec 2: the account mini menu, in the spec's order (Logout is a form, see below). */
const MENU = [
  { label: 'My Vouchers', href: '/myaccount/vouchers' },
  { label: 'View Account Details', href: '/myaccount/profile' },
  { label: 'My Subscriptions', href: '/myaccount/subscriptions' },
  { label: 'My Wallet', href: '/myaccount/wallet' },
  { label: 'Claim a gift', href: '/mygift' },
  { label: 'Refer a friend', href: '/myaccount/refer-a-friend' },
  { label: 'Need help', href: '/faqs' },
] as const;

function Icon({ name, size, className }: { name: IconName; size: number; className?: string }) {
  const icon = ICONS[name];
  const filled = 'fill' in icon && icon.fill === true;
  return (
    <svg
      className={['icon', className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icon.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** Shows or hides the navigation bar's VIP item (rendered hidden into the shared HTML). */
function useVipItem(isAuthCheckFinished: boolean, isVip: boolean): void {
  useEffect(() => {
    if (!isAuthCheckFinished) return;
    for (const item of document.querySelectorAll<HTMLElement>('[data-vip-item]')) item.hidden = isVip;
  }, [isAuthCheckFinished, isVip]);
}

export default function UserMenu() {
  const user = useStore($user);
  useEffect(() => {
    void loadProfile();
  }, []);
  const profile = user.isAuthCheckFinished && user.isAuthenticated ? user.userprofile : null;
  useVipItem(user.isAuthCheckFinished, profile?.vipUser === true);

  if (profile === null) {
    return (
      <a className="account-link" href="/login">
        <Icon name="user" size={22} />
        <span className="account-link__label">Sign in</span>
      </a>
    );
  }
  return (
    <div className="account-menu">
      <details className="account-menu__details" name="header-popover">
        <summary className="account-link" aria-controls="account-menu-panel">
          <Icon name="user" size={22} />
          <span className="account-link__label">
            <span className="account-link__hi">Hi, </span>
            {user.username}
          </span>
          {profile.vipUser && <span className="account-menu__vip">VIP</span>}
          <Icon name="chevronDown" size={14} className="account-menu__chevron" />
        </summary>
        <div className="account-menu__panel" id="account-menu-panel">
          <p className="account-menu__who">
            <span className="account-menu__name">{user.username}</span>
            <span className="account-menu__email">{profile.email}</span>
          </p>
          <ul className="account-menu__list">
            {MENU.map((entry) => (
              <li key={entry.href}>
                <a href={entry.href}>{entry.label}</a>
              </li>
            ))}
            <li className="account-menu__sep">
              {/* The /logout page's logout action (decision 030), as `actions.logout` names it in an .astro form. */}
              <form method="post" action="/logout?_action=logout">
                <button type="submit">Logout</button>
              </form>
            </li>
            <li>
              {/* Opens the location chooser (header-behaviour.ts delegates this link). */}
              <a href="#location-chooser">Change Location</a>
            </li>
          </ul>
        </div>
      </details>
    </div>
  );
}

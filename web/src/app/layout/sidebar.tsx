import {
  BarChart3,
  Building2,
  CalendarDays,
  Gauge,
  Images,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, useLocation } from 'react-router-dom';
import { useLogout } from '@/api/auth/profile';
import { useFeatureFlag } from '@/api/metadata/metadata';
import { Brand } from '@/components/ui/brand';

interface Item {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Where the item counts as active, when wider than `to`. */
  match?: string;
  end?: boolean;
}

function MenuLink({ item, onNavigate }: { item: Item; onNavigate: () => void }) {
  const Icon = item.icon;
  const { pathname } = useLocation();
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        className={({ isActive }) => {
          const active = isActive || (item.match ? pathname.startsWith(item.match) : false);
          return ['nav-link', active ? 'nav-link--active' : ''].join(' ');
        }}
      >
        <Icon size={18} aria-hidden />
        <span>{item.label}</span>
      </NavLink>
    </li>
  );
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  // Spec 01 §6: the flag app metadata names for the business manager (its example is this one).
  const businessManager = useFeatureFlag('GoogleMyBusinessIntegration');
  const logout = useLogout();

  const items: Item[] = [
    { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true, match: '/dashboard' },
    { to: '/calendar', label: 'Calendar', icon: CalendarDays, match: '/calendar' },
    { to: '/media', label: 'Media library', icon: Images },
    { to: '/report', label: 'Reporting', icon: BarChart3 },
    { to: '/seo-report', label: 'SEO Report', icon: Gauge },
    { to: '/seo-keywords', label: 'SEO Keywords', icon: KeyRound },
    ...(businessManager
      ? [{ to: '/business-manager/profile', label: 'Business manager', icon: Building2, match: '/business-manager' }]
      : []),
  ];

  return (
    <aside className="sidebar" aria-label="Main menu">
      <div className="sidebar__brand">
        <Brand />
      </div>
      <nav className="sidebar__nav">
        <ul className="nav-list">
          {items.map((item) => (
            <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <ul className="nav-list">
          <MenuLink
            item={{ to: '/settings/apps', label: 'Settings', icon: Settings, match: '/settings' }}
            onNavigate={onNavigate}
          />
          <li>
            <button type="button" className="nav-link" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut size={18} aria-hidden />
              <span>Logout</span>
            </button>
          </li>
        </ul>
      </div>
    </aside>
  );
}

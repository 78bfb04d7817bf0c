import { ChartIcon, CheckIcon, PhoneIcon } from '@callboard/shared-ui/icons';
import type { ReactNode } from 'react';
import './auth.css';

export interface AuthLayoutProps {
  /** The form's heading ("Welcome Back!", "Create Account"); also names the form panel for screen readers. */
  title: string;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Under the form: the link to the other auth screen. */
  footer?: ReactNode;
}

/** What a visitor gets out of Callboard, shown beside both forms so signing in is never a blank wall. */
const VALUE_POINTS = [
  'Every call scored by AI quality control, with the reason behind each disposition',
  'Sales, DNC and voicemail ratios per campaign, publisher, buyer and target',
  'Exports your partners can open, in a click',
] as const;

/**
 * The split frame of the sign-in and registration screens: a welcome panel on the left, the
 * form on the right. Below 900 px the welcome panel shrinks to a banner above
 * the form, so a phone shows the form without scrolling past marketing.
 */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth">
      <aside className="auth__welcome" aria-label="About Callboard">
        <div className="auth__brand">
          <span className="auth__logo" aria-hidden="true">
            <PhoneIcon size={18} />
          </span>
          <span className="auth__brand-name">Callboard</span>
        </div>

        <div className="auth__pitch">
          <p className="auth__kicker">
            <ChartIcon size={14} />
            Call tracking &amp; QC reporting
          </p>
          <p className="auth__headline">
            Skip the repetitive sales-marketing tasks — let the QC bots review every call while you focus on closing.
          </p>
          <ul className="auth__values">
            {VALUE_POINTS.map((point) => (
              <li key={point} className="auth__value">
                <span className="auth__value-mark" aria-hidden="true">
                  <CheckIcon size={12} />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>

        <p className="auth__fineprint">Built for pay-per-call teams who live in their call data.</p>
      </aside>

      <main className="auth__panel">
        <section className="auth__card" aria-labelledby="auth-title">
          <header className="auth__header">
            <h1 id="auth-title" className="auth__title">
              {title}
            </h1>
            {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          </header>
          {children}
          {footer ? <p className="auth__switch">{footer}</p> : null}
        </section>
      </main>
    </div>
  );
}

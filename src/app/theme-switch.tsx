import { type ReactNode, useState } from 'react';
import {
  applyThemeChoice,
  readThemeChoice,
  storeThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
} from '../shared/theme.ts';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/icons.tsx';
import styles from './theme-switch.module.css';

const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICON: Record<ThemeChoice, ReactNode> = {
  system: <MonitorIcon size={18} />,
  light: <SunIcon size={18} />,
  dark: <MoonIcon size={18} />,
};

/**
 * The theme switch of the header, three native radio buttons (arrow keys move between them)
 * named System, Light and Dark. A choice applies at once and is remembered in this browser.
 */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice());
  const choose = (next: ThemeChoice) => {
    storeThemeChoice(next);
    applyThemeChoice(next);
    setChoice(next);
  };
  return (
    <fieldset className={styles.switch}>
      <legend className="visually-hidden">Theme</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option} className={styles.option} title={`${LABEL[option]} theme`}>
          <input
            type="radio"
            name="theme"
            value={option}
            checked={choice === option}
            onChange={() => choose(option)}
          />
          <span className={styles.face}>
            {ICON[option]}
            <span className="visually-hidden">{LABEL[option]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

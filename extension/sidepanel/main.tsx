/**
 * The panel's entry. The base stylesheet is imported first: each feature's stylesheet, imported
 * by its component before the components it renders, comes after it in the bundle and can refine
 * it. Mind that order when moving an import: rules of equal specificity go by it.
 */
import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { uiLanguage } from '../shared/i18n';

// The page speaks the browser's language (index.html can only say one): the browser then offers
// no translation of German text marked English, and screen readers read it in the right voice.
document.documentElement.lang = uiLanguage();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * Chrome's offscreen document for the web reader (`page-host.ts`): it parses the pages the
 * worker fetched and sends back their text. It fetches nothing and keeps nothing; Chrome gives
 * it `runtime` alone of the extension APIs, so its words for the user (a PDF's problem) go back
 * as codes that the worker puts into the user's language.
 */
import { serveParser } from '../../shared/protocol';
import { localParser } from './page-parse';

serveParser(localParser);

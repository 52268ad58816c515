/**
 * Islands format ICU messages the server already compiled to an AST (src/i18n/compileMessages.ts),
 * so the browser never parses one: in the client build, intl-messageformat's import of the parser
 * resolves to formatjs's `no-parser` entry (the same exports; `parse` throws). That keeps about
 * 7 KB gzipped of parser out of every island that translates. The server keeps the real parser.
 */
import type { Plugin } from 'vite';

const PARSER = '@formatjs/icu-messageformat-parser';

export function icuWithoutParserInBrowser(): Plugin {
  return {
    name: 'icu-without-parser-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source !== PARSER) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
    },
  };
}

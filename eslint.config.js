import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import landfall from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'reports/**', 'test-results/**', '**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { landfall },
    rules: {
      'landfall/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/universe/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          'sin',
          'cos',
          'tan',
          'asin',
          'acos',
          'atan',
          'atan2',
          'exp',
          'expm1',
          'log',
          'log1p',
          'log2',
          'log10',
          'pow',
          'hypot',
          'cbrt',
          'random',
          'sinh',
          'cosh',
          'tanh',
        ].map((p) => ({
          object: 'Math',
          property: p,
          message: 'Exact arithmetic only in packages/universe (HOUSE_STYLE §6); see ADR-0004.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='**']",
          message: 'No ** in packages/universe: use repeated multiplication (HOUSE_STYLE §6).',
        },
      ],
    },
  },
);

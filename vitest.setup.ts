// DOM matchers (toBeChecked, toHaveFocus, toHaveAccessibleDescription…) for component tests.
import '@testing-library/jest-dom/vitest';

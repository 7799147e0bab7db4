// DOM matchers (toBeChecked, toHaveFocus, toHaveAccessibleDescription…) for component tests.
import '@testing-library/jest-dom/vitest';
import {configure} from '@testing-library/react';

// findBy… and waitFor wait for behaviour, not for a deadline: give a loaded machine time before calling it a failure.
configure({asyncUtilTimeout: 5000});

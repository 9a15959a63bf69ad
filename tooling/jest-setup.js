// jsdom tests: findBy*/waitFor wait for the state they check; their 1 s default is a race on a loaded machine
// (a lazily loaded page took longer than that beside other test files), so the wait is a watchdog instead
if (typeof document !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 15000 });

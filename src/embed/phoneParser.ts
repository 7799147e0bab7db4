/**
 * The embed's libphonenumber-js: its parser from the package's modern build (see PHONE_MODERN in
 * vite.embed.config.mts), in place of `libphonenumber-js/core`, whose types it keeps.
 */
// @ts-expect-error The package ships its modern build without types or an export name; its exported core's types describe it.
export {default as parsePhoneNumberFromString} from '../../node_modules/libphonenumber-js/es6-modern/parsePhoneNumber.js';
export type {MetadataJson} from 'libphonenumber-js/core';

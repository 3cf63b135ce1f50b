// Injected into the page bundle by node/build-web.mjs: a free `Buffer`
// in a bundled library (js-binary calls `new Buffer(n)`) becomes the npm
// `buffer` package's, the polyfill browser users of these libraries ship.
export { Buffer } from 'buffer';

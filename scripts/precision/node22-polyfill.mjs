// node22-polyfill.mjs, loaded with NODE_OPTIONS=--import, gives the
// Node 20 here the Promise.withResolvers of Node 22 that a bundler
// (tsdown) calls; nothing else changes.
if (!Promise.withResolvers) {
  Promise.withResolvers = function () {
    let resolve, reject
    const promise = new this((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }
}

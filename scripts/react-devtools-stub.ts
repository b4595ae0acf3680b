// Stands in for react-devtools-core in the bundled CLIs: Ink only connects to the devtools
// when DEV=true, which the bundles never need.
export default { initialize() {}, connectToDevTools() {} };

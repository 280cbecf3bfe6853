/**
 * Module Federation runtime plugin: every `antd/es/*` module resolves from the same app that
 * supplied the loaded `antd/es/config-provider`. antd's contexts (theme, App, Form) live in
 * its internal modules, so mixing components from two builds would split them: one antd
 * instance keeps the shell's theme and `App.useApp()` working in every remote.
 */
const PREFIX = 'antd/es/';
const ANCHOR = 'antd/es/config-provider';

export default function antdSingleSource() {
  return {
    name: 'atelier-antd-single-source',
    resolveShare(args) {
      if (!args.pkgName.startsWith(PREFIX) || args.pkgName === ANCHOR) return args;
      const scope = args.shareScopeMap[args.scope] || {};
      const anchors = Object.values(scope[ANCHOR] || {});
      const anchor = anchors.find((entry) => entry.loaded || entry.loading || entry.lib);
      if (!anchor) return args;
      const candidates = scope[args.pkgName] || {};
      const sameSource = Object.values(candidates).find((entry) => entry.from === anchor.from);
      if (!sameSource) return args;
      const fallback = args.resolver;
      args.resolver = () => {
        const resolved = fallback() || {};
        return { ...resolved, shared: sameSource };
      };
      return args;
    },
  };
}

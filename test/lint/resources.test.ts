import { describe, expect, it } from 'vitest';
import { applyLintFixes, lintRobotsTxt, parseRobotsTxt } from '../../src/index.js';

// blocked-resources and blocked-images (issue #31, judged samples of seeds 1313 and 8303), each
// class from a synthetic excerpt written for the test: what lint says of it, and the fix.

const found = (body: string) =>
  lintRobotsTxt(body)
    .diagnostics.filter((d) => d.code === 'blocked-resources' || d.code === 'blocked-images')
    .map((d) => `${d.line} ${d.severity} ${d.code}`);
const finding = (body: string, line: number) =>
  lintRobotsTxt(body).diagnostics.find((d) => d.code === 'blocked-resources' && d.line === line)!;
const fixed = (body: string) =>
  new TextDecoder().decode(applyLintFixes(body, lintRobotsTxt(body).diagnostics).body);
const allowed = (body: string, url: string) => parseRobotsTxt(body).isAllowed(url, 'Googlebot');

describe('blocked-resources: what the file says against a guessed folder', () => {
  it('says nothing of a section folder the rules show holds documents', () => {
    // A document pattern over the section (`/us/en/*.pdf`), or a document named in a folder
    // of that name elsewhere in the file.
    const pdfs =
      'User-agent: *\nDisallow: /us/en/*.pdf\nDisallow: /us/en/advisory/assets/*\nDisallow: /us/en/tax/assets/*\n';
    expect(found(pdfs)).toEqual([]);
    const named =
      'User-agent: *\nDisallow: /gx/en/audit/assets/journal.pdf\nDisallow: /de/assets/\n';
    expect(found(named)).toEqual([]);
    // Without that evidence, the folders are the site's scripts and styles; and a top-level
    // /assets/ is one whatever the file blocks of documents.
    expect(found('User-agent: *\nDisallow: /us/en/advisory/assets/*\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    expect(found('User-agent: *\nDisallow: /*.pdf$\nDisallow: /assets/\n')).toEqual([
      '3 warning blocked-resources',
      '3 info blocked-images',
    ]);
  });

  it('says nothing of the site folders of a file Squarespace generates (its files are on its CDN)', () => {
    const body =
      '# Squarespace Robots Txt\n\nUser-agent: *\nDisallow: /config\nDisallow: /static/\n';
    expect(found(body)).toEqual([]);
    expect(found(body.replace('Squarespace', 'My'))).toEqual([
      '5 warning blocked-resources',
      '5 info blocked-images',
    ]);
  });

  it('never counts a rule with a raw space, which matches no URL, as blocking anything', () => {
    expect(found('User-agent: *\nDisallow: /about us/assets/*\n')).toEqual([]);
    expect(found('User-agent: *\nDisallow: /a/ /b/ /styles/\n')).toEqual([]);
  });

  it('makes FrontPage’s /_themes, beside its _vti_ rules, an info without a fix', () => {
    const body =
      'User-agent: *\nDisallow: /_borders\nDisallow: /_derived\nDisallow: /_themes\nDisallow: /_vti_bin\nDisallow: /_vti_cnf\n';
    expect(found(body)).toEqual(['4 info blocked-resources']);
    expect(finding(body, 4).message).toContain('Microsoft FrontPage');
    expect(finding(body, 4).fix).toBeUndefined();
    expect(found('User-agent: *\nDisallow: /_themes/\n')).toEqual(['2 warning blocked-resources']);
  });

  it('makes a folder whose subfolders the group opens an info (a deliberate subset)', () => {
    const body =
      'User-agent: *\nDisallow: /search*\nDisallow: /static/*\nAllow: /static/pp/*\nAllow: /static/ppv4/*\n';
    expect(found(body)).toEqual(['3 info blocked-resources']);
    expect(finding(body, 3).message).toContain('the group allows "/static/pp/*" under it (line 4)');
    // Opening the images says nothing of where the scripts are; opening the folder's styles
    // shows where its files are (judge Y, 0807), so the scripts guessed beside them are an info.
    expect(found('User-agent: *\nDisallow: /static/*\nAllow: /static/images/*\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    expect(
      found('User-agent: *\nDisallow: /static/*\nAllow: /static/images/*\nAllow: /static/css/\n'),
    ).toEqual(['2 info blocked-resources']);
    expect(finding('User-agent: *\nDisallow: /static/*\nAllow: /static/css/\n', 2).message).toMatch(
      /blocks JavaScript \(e\.g\. \/static\/js\/main\.js\), but the group opens "\/static\/css\/"/,
    );
    // A layout the file shows is the site's for sure: WordPress's uploads opened, its plugins not.
    expect(found('User-agent: *\nDisallow: /wp-content/\nAllow: /wp-content/uploads/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
  });

  it('makes scripts named for a paywall, consent or ads an info', () => {
    for (const folder of ['/sub/paywall/js/', '/cookie-consent/js/', '/ads/js/', '/gdpr/js/'])
      expect(found(`User-agent: *\nDisallow: ${folder}\n`)).toEqual(['2 info blocked-resources']);
    expect(finding('User-agent: *\nDisallow: /sub/paywall/js/\n', 2).message).toContain(
      'its folder "paywall" is named for what the scripts do',
    );
    expect(found('User-agent: *\nDisallow: /sub/site/js/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    // A word that only contains "ads" is no such name.
    expect(found('User-agent: *\nDisallow: /uploads/js/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
  });

  it('wants a second hint before taking a bare /themes for a folder of styles', () => {
    const portal =
      'User-agent: *\nDisallow: /telsearch\nDisallow: /themes\nDisallow: /touchsearch\nDisallow: /images/*\n';
    expect(found(portal)).toEqual(['5 info blocked-images']);
    expect(
      found('User-agent: *\nDisallow: /includes\nDisallow: /scripts\nDisallow: /themes\n'),
    ).toEqual(['4 warning blocked-resources']);
    expect(found('User-agent: *\nDisallow: /themes/\n')).toEqual(['2 warning blocked-resources']);
  });
});

describe('blocked-resources: Drupal', () => {
  const drupal7 =
    'User-agent: *\nDisallow: /includes/\nDisallow: /misc/\nDisallow: /modules/\nDisallow: /profiles/\nDisallow: /scripts/\nDisallow: /themes/\n';

  it('opens every type its representative URLs showed blocked: /misc/ holds CSS too', () => {
    expect(found(drupal7)).toEqual([
      '3 warning blocked-resources',
      '4 warning blocked-resources',
      '5 warning blocked-resources',
      '7 warning blocked-resources',
    ]);
    expect(finding(drupal7, 3).fix?.description).toBe(
      'Add "Allow: /misc/*.js$", "Allow: /misc/*.js?", "Allow: /misc/*.css$" and "Allow: /misc/*.css?" after line 3.',
    );
    const after = fixed(drupal7);
    expect(allowed(after, '/misc/ui/jquery.ui.core.css?s1x2y3')).toBe(true);
    expect(allowed(after, '/misc/drupal.js')).toBe(true);
  });

  it('leaves Drupal 7’s /misc/ alone in a Drupal 8 file, whose scripts are under /core/', () => {
    const drupal8 =
      'User-agent: *\nAllow: /core/*.css$\nAllow: /core/*.css?\nAllow: /core/*.js$\nAllow: /core/*.js?\nAllow: /modules/*.css$\nAllow: /modules/*.js$\nAllow: /profiles/*.css$\nAllow: /profiles/*.js$\nDisallow: /core/\nDisallow: /misc/\nDisallow: /profiles/\nDisallow: /modules/\n';
    expect(found(drupal8)).toEqual([]);
  });

  it('finds the layout under a prefix, unless the pages there are blocked', () => {
    const body =
      'User-agent: *\nDisallow: /explora/misc/\nDisallow: /explora/modules/\nDisallow: /explora/themes/\n';
    expect(found(body)).toEqual([
      '2 warning blocked-resources',
      '3 warning blocked-resources',
      '4 warning blocked-resources',
    ]);
    expect(finding(body, 2).message).toContain('/explora/misc/drupal.js');
    expect(found(`${body}Disallow: /explora/\n`)).toEqual([]);
  });

  it('takes a copy of the rules under a language prefix for pages, not for a second install', () => {
    const body =
      'User-agent: *\nDisallow: /misc/\nDisallow: /modules/\nDisallow: /fr/misc/\nDisallow: /fr/modules/\n';
    expect(found(body)).toEqual(['2 warning blocked-resources', '3 warning blocked-resources']);
  });
});

describe('blocked-resources: layouts', () => {
  it('WordPress under a prefix', () => {
    const body = 'User-agent: *\nDisallow: /blog/wp-admin/\nDisallow: /blog/wp-content/\n';
    expect(found(body)).toEqual(['3 warning blocked-resources', '3 info blocked-images']);
    expect(allowed(fixed(body), '/blog/wp-content/themes/theme/style.css?ver=1.0')).toBe(true);
  });

  it('1C-Bitrix: /bitrix/ holds the templates’ styles and the core scripts', () => {
    const body = 'User-agent: *\nDisallow: /bitrix/\nDisallow: /upload/\n';
    expect(found(body)).toEqual(['2 warning blocked-resources']);
    const after = fixed(body);
    expect(allowed(after, '/bitrix/templates/main/template_styles.css?17000')).toBe(true);
    expect(allowed(after, '/bitrix/js/main/core/core.js?17000')).toBe(true);
    expect(allowed(after, '/bitrix/admin/index.php')).toBe(false);
    // Bitrix's own generator allows the folders: nothing to say.
    expect(
      found(
        'User-agent: *\nDisallow: /bitrix/\nAllow: /bitrix/templates/\nAllow: /bitrix/js/\nAllow: /bitrix/cache/\nAllow: /bitrix/components/\n',
      ),
    ).toEqual([]);
  });

  it('TYPO3: /typo3conf/ and /typo3temp/, and /typo3/ for the core frontend files a non-composer install serves there', () => {
    const body = 'User-agent: *\nDisallow: /typo3/\nDisallow: /typo3conf/\nDisallow: /typo3temp/\n';
    expect(found(body)).toEqual([
      '2 warning blocked-resources',
      '3 warning blocked-resources',
      '4 warning blocked-resources',
    ]);
    // TYPO3's own example: the backend closed, the frontend's public files open.
    const opened = `${body}Allow: /typo3/sysext/frontend/Resources/Public/\n`;
    expect(found(opened)).toEqual(['3 warning blocked-resources', '4 warning blocked-resources']);
  });

  it('ASP.NET’s script handlers: the rule that names one becomes an Allow', () => {
    const body =
      'User-agent: *\nDisallow: /*&*\nDisallow: /WebResource.axd\nDisallow: /ScriptResource.axd\n';
    expect(found(body)).toEqual(['3 warning blocked-resources', '4 warning blocked-resources']);
    expect(finding(body, 3).fix?.description).toBe('Write "Allow: /WebResource.axd".');
    const after = fixed(body);
    expect(after).toBe(
      'User-agent: *\nDisallow: /*&*\nAllow: /WebResource.axd\nAllow: /ScriptResource.axd\n',
    );
    expect(allowed(after, '/WebResource.axd?d=abc&t=123')).toBe(true);
    // Behind a rule for every query, an Allow of the handler's path.
    const query = 'User-agent: *\nDisallow: /App_Data/\nDisallow: /*?*\n';
    expect(finding(query, 3).fix?.description).toBe(
      'Add "Allow: /WebResource.axd" and "Allow: /ScriptResource.axd" after line 3.',
    );
  });

  it('SharePoint’s master page gallery holds scripts as well as styles', () => {
    const body = 'User-agent: *\nDisallow: /_layouts/\nDisallow: /_catalogs/\n';
    expect(finding(body, 3).fix?.description).toBe(
      'Add "Allow: /_catalogs/*.css$", "Allow: /_catalogs/*.css?", "Allow: /_catalogs/*.js$" and "Allow: /_catalogs/*.js?" after line 3.',
    );
  });

  it('folders of other platforms, and scripts in a folder of the site’s resources', () => {
    expect(found('User-agent: *\nDisallow: /terminalfour\nDisallow: /site-assets\n')).toEqual([
      '3 warning blocked-resources',
    ]);
    expect(found('User-agent: *\nDisallow: /_admin/\nDisallow: /_designs/\n')).toEqual([
      '3 warning blocked-resources',
    ]);
    expect(found('User-agent: *\nDisallow: /static/css/\nDisallow: /static/script/\n')).toEqual([
      '2 warning blocked-resources',
      '3 warning blocked-resources',
    ]);
    // Alone, `scripts` is no such folder (Drupal's holds shell scripts).
    expect(found('User-agent: *\nDisallow: /scripts/\n')).toEqual([]);
  });
});

describe('blocked-resources: the fixes open resources, not what merely looks like them', () => {
  it('writes anchored Allows: .js and .css with or without a query, not .json or .jsp', () => {
    const body = 'User-agent: *\nDisallow: /wp-includes/\n';
    const after = fixed(body);
    expect(allowed(after, '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1')).toBe(true);
    expect(allowed(after, '/wp-includes/js/a.js')).toBe(true);
    expect(allowed(after, '/wp-includes/css/a.css')).toBe(true);
    for (const url of ['/wp-includes/data.json', '/wp-includes/page.jsp', '/wp-includes/a.cssx'])
      expect(allowed(after, url)).toBe(false);
    const verdicts = finding(body, 2).fix!.verdicts;
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.every((v) => /\.(?:js|css)(?:\?|$)/.test(v.url))).toBe(true);
  });

  it('for a rule on every query, opens only resources with a query', () => {
    const body = 'User-agent: *\nDisallow: /wp-admin/\nDisallow: /*?*\n';
    expect(finding(body, 3).fix?.description).toBe(
      'Add "Allow: /*.js?" and "Allow: /*.css?" after line 3.',
    );
    const after = fixed(body);
    expect(allowed(after, '/wp-includes/js/a.js?ver=1')).toBe(true);
    expect(allowed(after, '/search?q=.json')).toBe(false);
  });
});

describe('blocked-resources: judged classes of seeds 5286 and 8303', () => {
  const found = (body: string) =>
    lintRobotsTxt(body)
      .diagnostics.filter((d) => d.code === 'blocked-resources')
      .map((d) => `${d.line} ${d.severity}`);

  it('no warning for a js folder below a script the group allows by its name (an API endpoint)', () => {
    const body =
      'User-agent: *\nDisallow: /widgets/v2/js/\nAllow: /widgets/v2/js\nDisallow: /widgets/v2/geo/js/\n';
    expect(found(body)).toEqual([]);
    // Without the Allow of the script's name, the folder is the site's scripts.
    expect(found('User-agent: *\nDisallow: /widgets/v2/js/\n')).toEqual(['2 warning']);
  });

  it('a folder whose resource subfolder the group allows holds resources', () => {
    const body = 'User-agent: *\nDisallow: /base\nAllow: /base/img/news/*.pdf$\n';
    expect(found(body)).toEqual(['2 warning']);
  });

  it('a static folder by a compound name, and the .axd handlers by their type', () => {
    expect(found('User-agent: *\nDisallow: /app-statics/\n')).toEqual(['2 warning']);
    expect(found('User-agent: *\nDisallow: /staticfiles/\n')).toEqual(['2 warning']);
    expect(found('User-agent: *\nDisallow: /*.axd\n')).toEqual(['2 warning']);
    // `$` after the type: the handlers' URLs carry a query, which it does not match.
    expect(found('User-agent: *\nDisallow: /*.axd$\n')).toEqual([]);
  });
});

describe('blocked-resources: judge B (seed 5524) recall classes', () => {
  it('reads a rule led by * as naming the folder at the top too', () => {
    // `*` matches nothing too: `*/wp-includes/` blocks /wp-includes/js/… of a WordPress at the root.
    expect(found('User-agent: *\nDisallow: */wp-includes/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    expect(found('User-agent: *\nDisallow: */plugins*\nDisallow: */wp-includes*\n')).toEqual([
      '2 warning blocked-resources',
      '3 warning blocked-resources',
    ]);
    expect(found('User-agent: *\nDisallow: */css/\n')).toEqual(['2 warning blocked-resources']);
    // The fix opens them as the rule writes them, and Googlebot may fetch them after it.
    const body = 'User-agent: *\nDisallow: */wp-includes/\n';
    const after = fixed(body);
    expect(allowed(body, '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1')).toBe(false);
    expect(allowed(after, '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1')).toBe(true);
    expect(allowed(after, '/wp-includes/x/')).toBe(false);
  });

  it("reports Adobe Experience Manager's client libraries under a blocked /etc, where the file shows AEM", () => {
    // AEM's content tree beside /libs and /etc: /etc also blocks /etc.clientlibs/ (a prefix).
    const aem =
      'User-agent: *\nDisallow: /libs\nDisallow: /etc\nDisallow: /content/bank/en/includes\n';
    expect(found(aem)).toEqual(['3 warning blocked-resources']);
    expect(finding(aem, 3).message).toContain('/etc.clientlibs/');
    expect(found('User-agent: *\nDisallow: /etc.clientlibs/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    // A lone /etc (a Unix-like folder of any site) shows no AEM: nothing to say.
    expect(found('User-agent: *\nDisallow: /etc\n')).toEqual([]);
    expect(found('User-agent: *\nDisallow: /etc\nDisallow: /libs\n')).toEqual([]);
  });

  it("reports an ASP.NET theme's style sheets under a blocked /App_Themes/", () => {
    expect(found('User-agent: *\nDisallow: /App_Themes/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    expect(finding('User-agent: *\nDisallow: /App_Themes/\n', 2).message).toContain(
      '/App_Themes/Default/Site.css',
    );
  });
});

describe('blocked-resources and blocked-images: judges D to G (seeds 9125, 2621, 6817)', () => {
  it('a rule on every path beside Allows of pages blocks their CSS and JavaScript wherever they are (D 1945)', () => {
    const body = 'User-agent: *\nAllow: /$\nAllow: /m/$\nDisallow: /\n';
    expect(found(body)).toEqual(['4 warning blocked-resources', '4 info blocked-images']);
    expect(finding(body, 4).message).toContain('blocks every file of the site but the pages');
    const after = fixed(body);
    expect(allowed(after, '/assets/css/style.css')).toBe(true);
    expect(allowed(after, '/x/app.js?v=2')).toBe(true);
    expect(allowed(after, '/page.html')).toBe(false);
    // The file shows where its files are: an Allow of a folder of them, or of their type.
    expect(found('User-agent: *\nAllow: /$\nAllow: /static/\nDisallow: /\n')).toEqual([]);
    // An allowed folder of pages may hold them too (5556's /SiteGlobals/BMWK/): an info.
    expect(found('User-agent: *\nAllow: /$\nAllow: /SiteGlobals/\nDisallow: /\n')).toEqual([
      '4 info blocked-resources',
    ]);
    expect(found('User-agent: *\nAllow: /$\nAllow: /*.css$\nAllow: /*.js\nDisallow: /\n')).toEqual([
      '5 info blocked-images',
    ]);
  });

  it('a line that blocks scripts and images says both: /wp-content/ holds the uploads (E 4540)', () => {
    const body = 'User-agent: *\nDisallow: /wp-content/\n';
    expect(found(body)).toEqual(['2 warning blocked-resources', '2 info blocked-images']);
    // After the fix, the images are still out of Google Images: the info stays.
    expect(found(fixed(body))).toEqual(['2 info blocked-images']);
  });

  it("TYPO3's fileadmin holds the editors' images (D 6375)", () => {
    expect(found('User-agent: *\nDisallow: /fileadmin/user_upload/\n')).toEqual([
      '2 info blocked-images',
    ]);
    expect(found('User-agent: *\nDisallow: /fileadmin/\n')).toEqual(['2 info blocked-images']);
    expect(found('User-agent: *\nDisallow: /fileadmin/_temp_/\n')).toEqual([]);
  });

  it('a folder under a folder of images holds images (D 1049:3)', () => {
    expect(found('User-agent: *\nDisallow: /images/uploads\n')).toEqual(['2 info blocked-images']);
    expect(found('User-agent: *\nDisallow: /shop/-images/\n')).toEqual(['2 info blocked-images']);
    // Under a folder of admin pages: no crawled page shows them.
    expect(found('User-agent: *\nDisallow: /admin/images/\n')).toEqual([]);
  });

  it('Googlebot-Image kept from the whole site: every image, an info without a fix (D 3322)', () => {
    const body = 'User-agent: Googlebot-Image\nDisallow: /\n\nUser-agent: *\nDisallow: /cgi-bin/\n';
    expect(found(body)).toEqual(['2 info blocked-images']);
    const d = lintRobotsTxt(body).diagnostics.find((x) => x.code === 'blocked-images')!;
    expect(d.message).toContain('blocks every image of the site');
    expect(d.fix).toBeUndefined();
    // Its uploads opened: the images are where it allows them.
    expect(found(`${body.replace('Disallow: /\n', 'Disallow: /\nAllow: /uploads/\n')}`)).toEqual(
      [],
    );
  });

  it("WordPress 6's block styles and view scripts, beside its opened js/ and css/ (E 3304 note)", () => {
    const body =
      'User-agent: *\nDisallow: /wp-includes/\nAllow: /wp-includes/js/\nAllow: /wp-includes/css/\n';
    expect(found(body)).toEqual(['2 warning blocked-resources']);
    expect(finding(body, 2).message).toContain('/wp-includes/blocks/navigation/');
    expect(allowed(fixed(body), '/wp-includes/blocks/navigation/view.min.js?ver=6.5')).toBe(true);
  });

  it("SharePoint's Style Library holds the pages' styles (E 1043)", () => {
    const body =
      'User-agent: *\nDisallow: /Style%20Library/\nAllow: /Style%20Library/scripts/*.js$\n';
    expect(found(body)).toEqual(['2 warning blocked-resources']);
    expect(finding(body, 2).message).toMatch(/blocks CSS that/);
    expect(allowed(fixed(body), '/Style%20Library/en-us/Core%20Styles/page.css')).toBe(true);
  });

  it('a fix that removes a narrower line opens what that line decided too (F 3304)', () => {
    const body = 'User-agent: *\nDisallow: /wp-includes\nDisallow: /wp-includes/js\n';
    expect(found(body)).toEqual(['2 warning blocked-resources']);
    const d = lintRobotsTxt(body).diagnostics.find((x) => x.code === 'blocked-resources')!;
    const once = new TextDecoder().decode(applyLintFixes(body, [d]).body);
    expect(once).not.toContain('/wp-includes/js\n');
    expect(allowed(once, '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1')).toBe(true);
    expect(allowed(once, '/wp-includes/css/dist/block-library/style.min.css')).toBe(true);
  });

  it("a layout's placeholder folder beside one the group opens by its own name is an info (F 1115)", () => {
    const aem =
      'User-agent: Googlebot\nDisallow: /etc/\nDisallow: /content/site/private/\nAllow: /etc/designs/census\nAllow: /etc/clientlibs/granite\n';
    expect(found(aem)).toEqual(['2 info blocked-resources']);
    expect(finding(aem, 2).message).toContain('the group allows "/etc/designs/census"');
    // WordPress: the named theme opened, the plugins still blocked: the site chose what to open
    // under the folder it blocks (judge K, 4659), an info naming the plugins' files.
    const wp = 'User-agent: *\nDisallow: /wp-content/\nAllow: /wp-content/themes/mytheme\n';
    expect(found(wp)).toEqual(['2 info blocked-resources', '2 info blocked-images']);
    expect(finding(wp, 2).message).toContain('/wp-content/plugins/');
    expect(finding(wp, 2).message).not.toContain('/wp-content/themes/theme/');
  });

  it('a folder of styles named with a leading "-" (F 2167), or a number (F 4358\'s /js2/)', () => {
    expect(found('User-agent: *\nDisallow: /-css/\n')).toEqual(['2 warning blocked-resources']);
    expect(found('User-agent: *\nDisallow: /js2/\n')).toEqual(['2 warning blocked-resources']);
  });
});

describe('blocked-resources and whole-site-disallowed: judges F and G (seeds 6817, 3576)', () => {
  const whole = (body: string) =>
    lintRobotsTxt(body)
      .diagnostics.filter((d) => d.code === 'whole-site-disallowed')
      .map((d) => `${d.line} ${/blocks the whole site[^(]*/.exec(d.message)?.[0].trim()}`);

  it('the * group blocking every path but the pages its Allows name is whole-site-disallowed (F, G 4157)', () => {
    expect(whole('User-Agent: *\nAllow: /$\nDisallow: /\n')).toEqual([
      '3 blocks the whole site but what its Allow opens',
    ]);
    expect(whole('User-agent: *\nDisallow: /\n')).toEqual([
      '2 blocks the whole site for every crawler without a group of its own: search engines may list its URLs without content, or drop them. Often intended',
    ]);
    // Pages by type, or everything allowed by a longer rule: no whole-site block.
    expect(whole('User-agent: *\nAllow: /$\nAllow: /*.html$\nDisallow: /\n')).toEqual([]);
    expect(whole('User-agent: *\nAllow: /*\nDisallow: /\n')).toEqual([]);
  });

  it('Allows of named bundles in a wildcard folder make a guessed folder an info (G 6162)', () => {
    const body =
      'User-agent: *\nAllow: /static/*/client.js\nAllow: /static/*/main.css\nDisallow: /static/*\n';
    expect(found(body)).toEqual(['4 info blocked-resources']);
    // One file at a literal path is not such a list (judge B, 2204).
    expect(found('User-agent: *\nDisallow: /static/*\nAllow: /static/js/app.js\n')).toContain(
      '2 warning blocked-resources',
    );
  });

  it("Shopware 6's timestamped theme files under its template's /*? (F 6088)", () => {
    const body =
      'User-agent: *\nAllow: /\nDisallow: /*?\nDisallow: /*account/\nDisallow: /*checkout/\nDisallow: /*widgets/\nDisallow: /*bundles/\n';
    expect(found(body)).toEqual(['3 warning blocked-resources']);
    const after = fixed(body);
    expect(allowed(after, '/theme/ab12/css/all.css?1712345678')).toBe(true);
    expect(allowed(after, '/theme/ab12/js/storefront/storefront.js?1712345678')).toBe(true);
    expect(allowed(after, '/search?q=x')).toBe(false);
    // Without the template's folders, a rule on every query names no layout.
    expect(found('User-agent: *\nDisallow: /*?\n')).toEqual([]);
  });
});

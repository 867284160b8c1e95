"""Browser checks of what a node shows (issue 39, item 2), run by Scripts/browser_test.py.

On the grid demo, in headless Chromium with real pointer input:
  - every photo cell is an <img> (CSS object-fit: cover, the demos' aspect fill) whose image has
    loaded (naturalWidth > 0) and whose alt text is "Photo N";
  - each drawn element is keyed by its node: every element drawn before a tap is the same DOM
    object after the tap has inserted the flight's nodes into the list (tagged with a JS property
    that a rebuilt element would not have), none of them was restyled by the insertion (their
    inline style text is unchanged unless their own node moved), and every element has data-node;
  - the accessibility tree (Chromium's, through the DevTools protocol) lists the photos as images
    named by their alt text, and the drawer's toggle as a button; the photo's backdrop fill is
    aria-hidden; the drawer's shadow is a CSS box-shadow.

    run(driver, url, check, pointer, open_demo) -> dict for the report
"""
import time


def run(d, url, check, pointer, open_demo):
    open_demo("grid")
    time.sleep(0.5)   # the images load
    photos = d.execute_script("""
        return [...document.querySelectorAll('#stage img')].filter(e => /^cell\\d+$/.test(e.dataset.name)).map(e => ({
            name: e.dataset.name, node: e.dataset.node, alt: e.alt, fit: getComputedStyle(e).objectFit,
            loaded: e.complete && e.naturalWidth > 0, src: e.getAttribute('src')}))""")
    check("content: the grid's 27 photo cells are <img>s with object-fit cover, loaded, alt 'Photo N'",
          len(photos) == 27 and all(p["fit"] == "cover" and p["loaded"] and p["alt"].startswith("Photo ") for p in photos)
          and photos[0]["alt"] == "Photo 1" and photos[0]["src"] == "images/photo-0.png",
          "%d photos, first %s" % (len(photos), photos[0] if photos else None))
    hidden = d.execute_script("""
        const fill = document.querySelector('#stage div[data-name="cell0"]');
        return fill ? fill.getAttribute('aria-hidden') : 'missing'""")
    check("content: a photo cell's fill behind its <img> is aria-hidden", hidden == "true", "aria-hidden=%s" % hidden)
    # Tag every drawn element, then tap cell 4: the flight inserts its nodes into the scene.
    before = d.execute_script("""
        const all = [...document.querySelectorAll('#stage [data-node]')];
        const key = e => e.dataset.node + ':' + e.tagName + ':' + (e.className || '') + ':' + (e.style.boxShadow ? 's' : '');
        window._contentKey = key;
        window._contentBefore = new Set(all.map(key));
        all.forEach(e => { e._probe = true; e._styleBefore = e.style.cssText; });
        return {count: all.length, keys: window._contentBefore.size,
                withoutNode: document.querySelectorAll('#stage div:not([data-node]), #stage img:not([data-node])').length}""")
    pointer().tap(187, 300).perform()
    time.sleep(0.05)
    after = d.execute_script("""
        const all = [...document.querySelectorAll('#stage [data-node]')], key = window._contentKey;
        const old = all.filter(e => window._contentBefore.has(key(e))), fresh = all.filter(e => !window._contentBefore.has(key(e)));
        const rebuilt = old.filter(e => !e._probe).map(e => e.dataset.name);
        const cells = old.filter(e => /^cell\\d+$/.test(e.dataset.name) && e.dataset.name !== 'cell4');
        const restyled = cells.filter(e => e.style.cssText !== e._styleBefore).map(e => e.dataset.name);
        return {count: all.length, old: old.length, rebuilt, fresh: fresh.map(e => e.dataset.name), cells: cells.length, restyled}""")
    check("content: the nodes a tap inserts (the flight, the detail) create only their own elements; every other element is the same DOM object",
          after["rebuilt"] == [] and after["old"] > 0 and len(after["fresh"]) > 0 and before["withoutNode"] == 0,
          "before %s, after %s" % (before, after))
    check("content: the other cells were not restyled by the insertion",
          after["cells"] >= 26 and after["restyled"] == [], "restyled %s" % after["restyled"])
    # The accessibility tree Chromium builds from it (DevTools protocol): the photos are images
    # named by their alt text; on the drawer demo, the toggle is a button named by its text.
    def ax_nodes():
        tree = d.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        return [((n.get("role") or {}).get("value"), (n.get("name") or {}).get("value")) for n in tree if not n.get("ignored")]
    open_demo("grid")
    images = sorted({name for role, name in ax_nodes() if role == "image" and (name or "").startswith("Photo ")})
    check("content: the accessibility tree lists the grid's photos as images named 'Photo 1' ... 'Photo 12'",
          len(images) == 12 and "Photo 1" in images and "Photo 12" in images, "images %s" % images)
    open_demo("drawer")
    buttons = [name for role, name in ax_nodes() if role == "button" and name == "Toggle Drawer"]
    check("content: the drawer's toggle is a button named 'Toggle Drawer' in the accessibility tree",
          len(buttons) == 1, "buttons %s" % buttons)
    shadow = d.execute_script("""
        const e = [...document.querySelectorAll('#stage [data-name="drawer"]')].find(e => e.style.boxShadow);
        return e ? e.style.boxShadow : null""")
    check("content: the drawer casts its shadow as a CSS box-shadow (offset 0 -4, blur 2 x 12)",
          shadow is not None and "0px -4px 24px" in shadow, "box-shadow %s" % shadow)
    return {"photos": len(photos), "before": before, "after": after, "axImages": images, "axButtons": buttons, "shadow": shadow}

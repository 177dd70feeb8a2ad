// The pentacube box in 3D, drawn with three.js (pinned in build.py, vendored into web/vendor/, never
// from a CDN; loaded only when a box is opened). It knows no rules: it draws what the view gives it
// (the blocks the core placed, the ghost of the piece in hand, the layer being worked on) and turns
// the camera around the box. Cells are (layer, row, col): layers go up (three's y), rows towards
// the player (z), columns to the right (x); the box's floor is centred on the origin.

/** @typedef {[number, number, number]} Cell */
/**
 * What the scene draws.
 * @typedef {{ blocks: {piece: string, cells: Cell[], faded?: boolean}[], ghost: Cell[] | null,
 *   ghostColor: string, bad: boolean, layer: number, marked: Cell[] }} Picture
 */

const LIBRARY = new URL("../vendor/three.module.js", import.meta.url).href;

/** three.js, loaded once (a dynamic import: only this game's page pays for it). */
let loading = null;
export function loadThree() {
  if (!loading) loading = import(LIBRARY);
  return loading;
}

/**
 * Whether this browser draws WebGL (a screen reader's machine or an old one may not), and whether
 * in software (no graphics chip: SwiftShader, llvmpipe), where smoothing the edges (multisampling)
 * costs a third of the frames: the scene goes without it there.
 * @returns {{ webgl: boolean, software: boolean }}
 */
export function webglSupport() {
  try {
    const probe = document.createElement("canvas");
    const gl = probe.getContext("webgl2") || probe.getContext("webgl");
    if (!gl) return { webgl: false, software: false };
    const debug = gl.getExtension("WEBGL_debug_renderer_info");
    const renderer = String(debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    const lose = gl.getExtension("WEBGL_lose_context");
    if (lose) lose.loseContext(); // the probe's context is not kept: browsers allow only a few
    return { webgl: true, software: /swiftshader|llvmpipe|software/i.test(renderer) };
  } catch {
    return { webgl: false, software: false };
  }
}

const TILT_MIN = 0.12; // radians above the horizon: the floor never disappears edge-on
const TILT_MAX = 1.45; // almost straight down

/**
 * The scene in ``canvas`` for a box of ``dims`` [layers, rows, cols] whose cells are ``cells``.
 * ``colorOf(name)`` gives a piece its colour; ``colors`` the page's ink (theme.js).
 * @param {any} THREE @param {HTMLCanvasElement} canvas
 * @param {{dims: number[], cells: Cell[], colorOf: (name: string) => string, ink: () => any}} model
 * @param {{ smooth: boolean }} options ``smooth``: multisampled edges (a graphics chip's)
 */
export function createScene(THREE, canvas, model, { smooth }) {
  const [L, R, C] = model.dims;
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: smooth, alpha: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 500);
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 2.2);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const fill = new THREE.DirectionalLight(0xffffff, 0.7);
  fill.position.set(-6, 3, -4);
  scene.add(fill);

  const world = (/** @type {Cell} */ [z, r, c]) => new THREE.Vector3(c + 0.5 - C / 2, z + 0.5, r + 0.5 - R / 2);
  const unit = new THREE.BoxGeometry(1, 1, 1);
  const edges = new THREE.EdgesGeometry(unit);
  const flat = new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2);

  // the box: its outline, and the floor of the layer being worked on, cell by cell
  const frame = new THREE.LineSegments(
    new THREE.EdgesGeometry(new THREE.BoxGeometry(C, L, R)),
    new THREE.LineBasicMaterial({ color: 0x555566 }),
  );
  frame.position.set(0, L / 2, 0);
  scene.add(frame);
  const floor = new THREE.Group();
  scene.add(floor);
  const pieces = new THREE.Group();
  scene.add(pieces);
  const ghost = new THREE.Group();
  scene.add(ghost);
  const floorMaterial = new THREE.MeshBasicMaterial({ color: 0x9fb8d8, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false });
  const floorLines = new THREE.LineBasicMaterial({ color: 0x6a7fa0, transparent: true, opacity: 0.7 });
  const lineMaterial = new THREE.LineBasicMaterial({ color: 0x1b1b1b, transparent: true, opacity: 0.55 });
  const materials = new Map();
  /** A piece's material, kept for its colour (and a faded one for the layers above the work). */
  function material(color, faded) {
    const key = `${color}${faded ? "~" : ""}`;
    if (!materials.has(key)) {
      materials.set(key, new THREE.MeshLambertMaterial({ color, transparent: faded, opacity: faded ? 0.22 : 1, depthWrite: !faded }));
    }
    return materials.get(key);
  }

  const view = { azimuth: -0.6, tilt: 0.62, zoom: 1 };
  let width = 300;
  let height = 200;
  let frameRequested = false;
  const frameTimes = []; // when each of the last frames was drawn (the benchmark reads them)

  function placeCamera() {
    const radius = (Math.hypot(L, R, C) * 1.7 + 2) / view.zoom;
    const target = new THREE.Vector3(0, L / 2, 0);
    camera.position.set(
      target.x + radius * Math.cos(view.tilt) * Math.sin(view.azimuth),
      target.y + radius * Math.sin(view.tilt),
      target.z + radius * Math.cos(view.tilt) * Math.cos(view.azimuth),
    );
    camera.lookAt(target);
    camera.updateMatrixWorld();
  }

  function draw() {
    frameRequested = false;
    placeCamera();
    renderer.render(scene, camera);
    frameTimes.push(performance.now());
    if (frameTimes.length > 240) frameTimes.shift();
  }
  /** Draw at the next frame (once, however often it is asked meanwhile). */
  function redraw() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(draw);
  }

  // Each group of cubes is one instanced mesh and one set of lines: a dozen draw calls for a full
  // box, not a few hundred, so that turning it stays smooth where WebGL is drawn in software.
  const edgePoints = edges.getAttribute("position").array;
  /** The edges of every cube of ``cells`` (scaled ``scale`` about its centre) as one object. */
  function outlines(cells, mat, scale = 1) {
    const points = new Float32Array(cells.length * edgePoints.length);
    cells.forEach((cell, i) => {
      const at = world(cell);
      for (let k = 0; k < edgePoints.length; k += 3) {
        points[i * edgePoints.length + k] = at.x + edgePoints[k] * scale;
        points[i * edgePoints.length + k + 1] = at.y + edgePoints[k + 1] * scale;
        points[i * edgePoints.length + k + 2] = at.z + edgePoints[k + 2] * scale;
      }
    });
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.BufferAttribute(points, 3));
    return new THREE.LineSegments(geometry, mat);
  }
  /** One instanced mesh of ``shape`` at each of ``cells`` (which it keeps, for hit tests). */
  function cubes(cells, mat, shape = unit, scale = 1, lift = 0) {
    const mesh = new THREE.InstancedMesh(shape, mat, cells.length);
    const m = new THREE.Matrix4();
    cells.forEach((cell, i) => {
      const at = world(cell);
      m.makeScale(scale, scale, scale).setPosition(at.x, at.y + lift, at.z);
      mesh.setMatrixAt(i, m);
    });
    mesh.userData.cells = cells;
    return mesh;
  }
  /** Throw away what a group drew (its geometries were made for it alone). */
  function clear(group) {
    for (const child of [...group.children]) {
      group.remove(child);
      if (child.geometry !== unit && child.geometry !== flat) child.geometry.dispose();
      if (child.isInstancedMesh) child.dispose();
    }
  }

  /** @param {Picture} picture */
  function show(picture) {
    clear(pieces);
    const byMaterial = new Map();
    for (const block of picture.blocks) {
      const color = model.colorOf(block.piece);
      for (const cell of block.cells) {
        const faded = block.faded || cell[0] > picture.layer; // see into the box: layers above are glass
        const mat = material(color, faded);
        if (!byMaterial.has(mat)) byMaterial.set(mat, []);
        byMaterial.get(mat).push(cell);
      }
    }
    for (const [mat, cells] of byMaterial) pieces.add(cubes(cells, mat));
    const solid = picture.blocks.flatMap((b) => (b.faded ? [] : b.cells.filter((c) => c[0] <= picture.layer)));
    if (solid.length) pieces.add(outlines(solid, lineMaterial));
    clear(floor);
    const z = Math.min(L - 1, Math.max(0, picture.layer));
    const tiles = model.cells.filter(([cz]) => cz === z);
    floor.add(cubes(tiles, floorMaterial, flat, 1, -0.498));
    const border = outlines(tiles, floorLines);
    border.scale.set(1, 0, 1); // the cubes' edges flattened onto the floor: each cell's square
    border.position.y = z + 0.002;
    floor.add(border);
    clear(ghost);
    if (picture.ghost) {
      const color = picture.bad ? model.ink().bad : picture.ghostColor;
      const mat = new THREE.MeshLambertMaterial({ color, transparent: true, opacity: 0.55, depthWrite: false });
      const outline = new THREE.LineBasicMaterial({ color: picture.bad ? model.ink().bad : 0x111111 });
      ghost.add(cubes(picture.ghost, mat, unit, 1.02), outlines(picture.ghost, outline, 1.02));
    }
    if (picture.marked.length) {
      const mat = new THREE.MeshBasicMaterial({ color: model.ink().ok, transparent: true, opacity: 0.45, depthWrite: false });
      ghost.add(cubes(picture.marked, mat), outlines(picture.marked, lineMaterial));
    }
    redraw();
  }

  /** The screen point (CSS pixels in the canvas) of a world point. */
  function screen(point) {
    placeCamera();
    const p = point.clone().project(camera);
    return [((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height];
  }

  const raycaster = new THREE.Raycaster();
  function ray(x, y) {
    placeCamera();
    raycaster.setFromCamera(new THREE.Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), camera);
    return raycaster.ray;
  }

  return {
    show,
    redraw,
    /** Size the drawing to ``w`` x ``h`` CSS pixels. */
    resize(w, h) {
      width = Math.max(60, w);
      height = Math.max(60, h);
      renderer.setSize(width, height, true);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      redraw();
    },
    /** Turn the camera by ``da`` radians around the box and tilt it by ``dt``. */
    turn(da, dt) {
      view.azimuth += da;
      view.tilt = Math.min(TILT_MAX, Math.max(TILT_MIN, view.tilt + dt));
      redraw();
    },
    zoomBy(f) {
      view.zoom = Math.min(3, Math.max(0.5, view.zoom * f));
      redraw();
    },
    /** How the camera looks at the box (a test reads it to see the box turn). */
    camera: () => ({ ...view }),
    /** The cell of layer ``z`` under the canvas point (x, y), or null (off the box's floor plan). */
    cellAt(x, y, z) {
      const plane = new THREE.Plane(new THREE.Vector3(0, 1, 0), -z);
      const hit = ray(x, y).intersectPlane(plane, new THREE.Vector3());
      if (!hit) return null;
      const c = Math.floor(hit.x + C / 2);
      const r = Math.floor(hit.z + R / 2);
      return r >= 0 && r < R && c >= 0 && c < C ? [z, r, c] : null;
    },
    /** The placed cube under the canvas point (x, y), nearest first, or null. */
    blockAt(x, y) {
      raycaster.ray.copy(ray(x, y));
      const hits = raycaster.intersectObjects(pieces.children, false);
      const solid = hits.find((h) => h.object.isInstancedMesh && !h.object.material.transparent);
      return solid ? solid.object.userData.cells[solid.instanceId] : null;
    },
    /** Where the middle of the floor of cell ``cell`` is drawn (canvas CSS pixels). */
    floorPoint(/** @type {Cell} */ [z, r, c]) {
      return screen(new THREE.Vector3(c + 0.5 - C / 2, z, r + 0.5 - R / 2));
    },
    /** Where the middle of cube ``cell`` is drawn. */
    cubePoint(/** @type {Cell} */ cell) {
      return screen(world(cell));
    },
    frameTimes: () => [...frameTimes],
    destroy() {
      renderer.dispose();
      renderer.forceContextLoss(); // a browser keeps only a few WebGL contexts: give this one back now
    },
  };
}

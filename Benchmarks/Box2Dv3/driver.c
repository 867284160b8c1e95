// Box2D v3's side of `compare-box2d-v3`: builds one scene, steps it at 1/60 s with 4 substeps (Box2D's benchmark
// defaults: continuous collision on, one thread), times every step and prints one JSON line.
//
//     driver SCENE WARMUP STEPS      SCENE: large_pyramid | joint_grid | pyramid | circles
//
// large_pyramid and joint_grid are Box2D's own benchmark scenes (`CreateLargePyramid`, `CreateJointGrid` from
// shared/benchmarks.c, linked in). pyramid and circles are the benchmark package's scenes
// (Sources/DynamicsScenes/SceneGeometry.swift) in metres, 1 m = 100 pt, y up: a closed 10 × 10 m box of four
// segments, 0.4 m boxes (20 rows, 4 cm gaps) or 1,000 circles of radius 0.1 m from the same jittered grid
// (the same 64-bit LCG), density 1, friction 0.6, restitution 0, sleeping off.
//
// Sizes come from the environment, as in DynamicsProfile: LARGE_PYRAMID_BASE (100), JOINT_GRID_SIZE (100),
// PYRAMID_ROWS (20), CIRCLES (1000). At Box2D's own sizes its functions build the scene; at other sizes (quick
// runs) `largePyramid` and `jointGrid` below build the same layout smaller.
//
// Each step is timed on its own, thread CPU time (CLOCK_THREAD_CPUTIME_ID) and wall clock (CLOCK_MONOTONIC); the
// figures are the medians over the STEPS timed steps, in ms per 1/60 s. The state summary is taken after the last
// step, against every body's position after creation: `sideways` counts the dynamic bodies whose x moved more than
// 0.25 m (the "stands" check of large_pyramid after 500 steps, 8.3 s).

#include "benchmarks.h"

#include "box2d/box2d.h"
#include "box2d/math_functions.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
	boxDefaultBase = 100,   // Box2D's CreateLargePyramid
	gridDefaultSize = 100,  // Box2D's CreateJointGrid
};

static int EnvInt( const char* name, int fallback )
{
	const char* value = getenv( name );
	if ( value == NULL || *value == 0 )
	{
		return fallback;
	}
	int n = atoi( value );
	return n > 0 ? n : fallback;
}

// ---- Box2D's scenes at another size (the layout of shared/benchmarks.c's functions, N given) ----

static void largePyramid( b2WorldId worldId, int baseCount )
{
	if ( baseCount == boxDefaultBase )
	{
		CreateLargePyramid( worldId );
		return;
	}
	b2World_EnableSleeping( worldId, false );
	b2BodyDef groundDef = b2DefaultBodyDef();
	groundDef.position = (b2Pos){ 0.0f, -1.0f };
	b2BodyId groundId = b2CreateBody( worldId, &groundDef );
	b2ShapeDef shapeDef = b2DefaultShapeDef();
	b2Polygon ground = b2MakeBox( 100.0f, 1.0f );
	b2CreatePolygonShape( groundId, &shapeDef, &ground );

	b2BodyDef bodyDef = b2DefaultBodyDef();
	bodyDef.type = b2_dynamicBody;
	shapeDef.density = 1.0f;
	float a = 0.5f;
	b2Polygon box = b2MakeSquare( a );
	for ( int i = 0; i < baseCount; ++i )
	{
		for ( int j = i; j < baseCount; ++j )
		{
			bodyDef.position = (b2Pos){ ( i + 1.0f ) * a + 2.0f * ( j - i ) * a - a * baseCount, ( 2.0f * i + 1.0f ) * a };
			b2BodyId bodyId = b2CreateBody( worldId, &bodyDef );
			b2CreatePolygonShape( bodyId, &shapeDef, &box );
		}
	}
}

static void jointGrid( b2WorldId worldId, int n )
{
	if ( n == gridDefaultSize )
	{
		CreateJointGrid( worldId );
		return;
	}
	b2World_EnableSleeping( worldId, false );
	b2BodyId* bodies = malloc( (size_t)n * n * sizeof( b2BodyId ) );
	b2ShapeDef shapeDef = b2DefaultShapeDef();
	shapeDef.density = 1.0f;
	shapeDef.filter.categoryBits = 2;
	shapeDef.filter.maskBits = ~2u;
	b2Circle circle = { { 0.0f, 0.0f }, 0.4f };
	b2RevoluteJointDef jointDef = b2DefaultRevoluteJointDef();
	b2BodyDef bodyDef = b2DefaultBodyDef();
	int index = 0;
	for ( int k = 0; k < n; ++k )
	{
		for ( int i = 0; i < n; ++i )
		{
			bodyDef.type = ( k >= n / 2 - 3 && k <= n / 2 + 3 && i == 0 ) ? b2_staticBody : b2_dynamicBody;
			bodyDef.position = (b2Pos){ (float)k, -(float)i };
			b2BodyId body = b2CreateBody( worldId, &bodyDef );
			b2CreateCircleShape( body, &shapeDef, &circle );
			if ( i > 0 )
			{
				jointDef.base.bodyIdA = bodies[index - 1];
				jointDef.base.bodyIdB = body;
				jointDef.base.localFrameA.p = (b2Vec2){ 0.0f, -0.5f };
				jointDef.base.localFrameB.p = (b2Vec2){ 0.0f, 0.5f };
				b2CreateRevoluteJoint( worldId, &jointDef );
			}
			if ( k > 0 )
			{
				jointDef.base.bodyIdA = bodies[index - n];
				jointDef.base.bodyIdB = body;
				jointDef.base.localFrameA.p = (b2Vec2){ 0.5f, 0.0f };
				jointDef.base.localFrameB.p = (b2Vec2){ -0.5f, 0.0f };
				b2CreateRevoluteJoint( worldId, &jointDef );
			}
			bodies[index++] = body;
		}
	}
	free( bodies );
}

// ---- The benchmark package's scenes (SceneGeometry.swift, in metres, y up) ----

static const double boundsPt = 1000.0, scale = 100.0;

// Knuth's MMIX 64-bit LCG; the top 53 bits in [0, 1): SceneGeometry.swift's `LCG`.
static double Unit( uint64_t* state )
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)( *state >> 11 ) / 9007199254740992.0;
}

static b2Pos Metres( double xPt, double yPt )
{
	return (b2Pos){ (float)( xPt / scale ), (float)( ( boundsPt - yPt ) / scale ) };
}

// The 1000 × 1000 pt box (Kinetic's reference bounds as a boundary): four two-sided segments, friction 0.6.
static void Walls( b2WorldId worldId )
{
	b2World_EnableSleeping( worldId, false );
	b2BodyDef bodyDef = b2DefaultBodyDef();
	b2BodyId walls = b2CreateBody( worldId, &bodyDef );
	b2ShapeDef shapeDef = b2DefaultShapeDef();
	shapeDef.material.friction = 0.6f;
	b2Vec2 corners[4] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
	for ( int i = 0; i < 4; ++i )
	{
		b2Segment segment = { corners[i], corners[( i + 1 ) % 4] };
		b2CreateSegmentShape( walls, &shapeDef, &segment );
	}
}

static void Pyramid( b2WorldId worldId, int rows )
{
	Walls( worldId );
	const double side = 40.0, pitch = 44.0;
	b2BodyDef bodyDef = b2DefaultBodyDef();
	bodyDef.type = b2_dynamicBody;
	b2ShapeDef shapeDef = b2DefaultShapeDef();
	shapeDef.density = 1.0f;
	shapeDef.material.friction = 0.6f;
	shapeDef.material.restitution = 0.0f;
	b2Polygon box = b2MakeSquare( (float)( side / 2 / scale ) );
	for ( int row = 0; row < rows; ++row )
	{
		int count = rows - row;
		double y = boundsPt - side / 2 - row * side;
		for ( int j = 0; j < count; ++j )
		{
			double x = boundsPt / 2 + ( j - ( count - 1 ) / 2.0 ) * pitch;
			bodyDef.position = Metres( x, y );
			b2BodyId body = b2CreateBody( worldId, &bodyDef );
			b2CreatePolygonShape( body, &shapeDef, &box );
		}
	}
}

static void Circles( b2WorldId worldId, int count )
{
	Walls( worldId );
	const int perRow = 36;
	const double radius = 10.0, pitch = 27.0, jitter = 3.0;
	uint64_t state = 2026;
	b2BodyDef bodyDef = b2DefaultBodyDef();
	bodyDef.type = b2_dynamicBody;
	b2ShapeDef shapeDef = b2DefaultShapeDef();
	shapeDef.density = 1.0f;
	shapeDef.material.friction = 0.6f;
	shapeDef.material.restitution = 0.0f;
	b2Circle circle = { { 0.0f, 0.0f }, (float)( radius / scale ) };
	for ( int i = 0; i < count; ++i )
	{
		int row = i / perRow, column = i % perRow;
		double x = boundsPt / 2 + ( column - ( perRow - 1 ) / 2.0 ) * pitch + ( 2 * Unit( &state ) - 1 ) * jitter;
		double y = 30 + row * pitch + ( 2 * Unit( &state ) - 1 ) * jitter;
		bodyDef.position = Metres( x, y );
		b2BodyId body = b2CreateBody( worldId, &bodyDef );
		b2CreateCircleShape( body, &shapeDef, &circle );
	}
}

// ---- Bodies, timing, summary ----

typedef struct Bodies
{
	b2BodyId* ids;
	b2Pos* start;
	int count, capacity;
} Bodies;

static bool CollectDynamic( b2ShapeId shapeId, void* context )
{
	Bodies* bodies = context;
	b2BodyId body = b2Shape_GetBody( shapeId );
	if ( b2Body_GetType( body ) != b2_dynamicBody )
	{
		return true;
	}
	if ( bodies->count == bodies->capacity )
	{
		bodies->capacity = bodies->capacity ? 2 * bodies->capacity : 1024;
		bodies->ids = realloc( bodies->ids, (size_t)bodies->capacity * sizeof( b2BodyId ) );
		bodies->start = realloc( bodies->start, (size_t)bodies->capacity * sizeof( b2Pos ) );
	}
	bodies->ids[bodies->count] = body;
	bodies->start[bodies->count] = b2Body_GetPosition( body );
	bodies->count += 1;
	return true;
}

static double Nanoseconds( clockid_t clock )
{
	struct timespec t;
	clock_gettime( clock, &t );
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int CompareDoubles( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

static double Median( double* values, int count )
{
	if ( count == 0 )
	{
		return NAN;
	}
	qsort( values, (size_t)count, sizeof( double ), CompareDoubles );
	return count % 2 ? values[count / 2] : ( values[count / 2 - 1] + values[count / 2] ) / 2;
}

// The timed steps, each timed on its own (ms). Not inlined: `compare-box2d-v3` with INSTRUCTIONS=1
// counts the instructions run inside it (callgrind --toggle-collect=MeasuredSteps).
static __attribute__( ( noinline, noclone ) ) void MeasuredSteps( b2WorldId worldId, float timeStep, int subSteps, int steps,
														  double* wall, double* cpu )
{
	for ( int i = 0; i < steps; ++i )
	{
		double w0 = Nanoseconds( CLOCK_MONOTONIC ), c0 = Nanoseconds( CLOCK_THREAD_CPUTIME_ID );
		b2World_Step( worldId, timeStep, subSteps );
		double c1 = Nanoseconds( CLOCK_THREAD_CPUTIME_ID ), w1 = Nanoseconds( CLOCK_MONOTONIC );
		wall[i] = ( w1 - w0 ) / 1e6;
		cpu[i] = ( c1 - c0 ) / 1e6;
	}
}

int main( int argc, char** argv )
{
	if ( argc != 4 )
	{
		fprintf( stderr, "usage: driver large_pyramid|joint_grid|pyramid|circles WARMUP STEPS\n" );
		return 2;
	}
	const char* scene = argv[1];
	int warmUp = atoi( argv[2] ), steps = atoi( argv[3] );
	if ( warmUp < 0 || steps < 1 )
	{
		fprintf( stderr, "driver: WARMUP must be >= 0 and STEPS >= 1\n" );
		return 2;
	}

	b2WorldDef worldDef = b2DefaultWorldDef();
	worldDef.workerCount = 1;
	worldDef.enableContinuous = true;
	b2WorldId worldId = b2CreateWorld( &worldDef );

	int size;
	if ( strcmp( scene, "large_pyramid" ) == 0 )
	{
		size = EnvInt( "LARGE_PYRAMID_BASE", boxDefaultBase );
		largePyramid( worldId, size );
	}
	else if ( strcmp( scene, "joint_grid" ) == 0 )
	{
		size = EnvInt( "JOINT_GRID_SIZE", gridDefaultSize );
		jointGrid( worldId, size );
	}
	else if ( strcmp( scene, "pyramid" ) == 0 )
	{
		size = EnvInt( "PYRAMID_ROWS", 20 );
		Pyramid( worldId, size );
	}
	else if ( strcmp( scene, "circles" ) == 0 )
	{
		size = EnvInt( "CIRCLES", 1000 );
		Circles( worldId, size );
	}
	else
	{
		fprintf( stderr, "driver: unknown scene \"%s\"\n", scene );
		return 2;
	}

	Bodies bodies = { 0 };
	b2AABB everything = { { -1e6f, -1e6f }, { 1e6f, 1e6f } };
	b2QueryFilter all = { UINT64_MAX, UINT64_MAX };
	b2World_OverlapAABB( worldId, b2Pos_zero, everything, all, CollectDynamic, &bodies );

	const float timeStep = 1.0f / 60.0f;
	const int subSteps = 4;
	for ( int i = 0; i < warmUp; ++i )
	{
		b2World_Step( worldId, timeStep, subSteps );
	}

	double* wall = malloc( (size_t)steps * sizeof( double ) );
	double* cpu = malloc( (size_t)steps * sizeof( double ) );
	MeasuredSteps( worldId, timeStep, subSteps, steps, wall, cpu );

	int sideways = 0;
	double maxSideways = 0, lowest = INFINITY, highest = -INFINITY, fastest = 0;
	for ( int i = 0; i < bodies.count; ++i )
	{
		b2Pos p = b2Body_GetPosition( bodies.ids[i] );
		b2Vec2 v = b2Body_GetLinearVelocity( bodies.ids[i] );
		double dx = fabs( (double)p.x - (double)bodies.start[i].x );
		sideways += dx > 0.25;
		maxSideways = fmax( maxSideways, dx );
		lowest = fmin( lowest, p.y );
		highest = fmax( highest, p.y );
		fastest = fmax( fastest, sqrt( (double)v.x * v.x + (double)v.y * v.y ) );
	}
	b2Counters counters = b2World_GetCounters( worldId );

	printf( "{\"engine\": \"Box2D v3\", \"scene\": \"%s\", \"size\": %d, \"bodies\": %d, \"joints\": %d, "
			"\"warmup\": %d, \"steps_timed\": %d, \"simulated_s\": %.4f, \"median_ms\": %.4f, \"cpu_median_ms\": %.4f, "
			"\"sideways\": %d, \"max_sideways_m\": %.4f, \"lowest_y_m\": %.4f, \"highest_y_m\": %.4f, "
			"\"max_speed_m_s\": %.4f, \"contacts\": %d}\n",
			scene, size, bodies.count, counters.jointCount, warmUp, steps, ( warmUp + steps ) / 60.0, Median( wall, steps ),
			Median( cpu, steps ), sideways, maxSideways, lowest, highest, fastest, counters.contactCount );

	b2DestroyWorld( worldId );
	free( wall );
	free( cpu );
	free( bodies.ids );
	free( bodies.start );
	return 0;
}

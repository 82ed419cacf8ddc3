% Evader-Pursuer 8x8: evader at (8,1), pursuer at (3,4); the evader must reach (1,1).
% Depth: Shaik & van de Pol, SAT 2023, Table 2(e).
#boardsize
8 8
#init
black(8,1) white(3,4)
#depth
7
#blackgoal
black(xmin,ymin)
#whitegoal
white(xmin,ymin)

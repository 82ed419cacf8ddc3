% Evader-Pursuer 4x4: evader at (4,1), pursuer at (1,2); the evader must reach (1,1).
% Depth: Shaik & van de Pol, SAT 2023, Table 2(e).
#boardsize
4 4
#init
black(4,1) white(1,2)
#depth
21
#blackgoal
black(xmin,ymin)
#whitegoal
white(xmin,ymin)

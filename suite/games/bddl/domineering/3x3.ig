% Domineering, 3 columns x 3 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
3 3
#init
#depth
4
#blackgoal
#whitegoal
